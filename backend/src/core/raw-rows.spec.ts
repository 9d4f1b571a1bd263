import { rowsOf, valuesList } from './raw-rows.js';

describe('rowsOf', () => {
  it('takes the rows of an UPDATE/DELETE … RETURNING answer ([rows, count])', () => {
    expect(rowsOf([[{ id: 1 }, { id: 2 }], 2])).toEqual([{ id: 1 }, { id: 2 }]);
    expect(rowsOf([[], 0])).toEqual([]);
  });

  it('takes a SELECT answer as it is', () => {
    expect(rowsOf<{ last: number }>([{ last: 7 }])[0]!.last).toBe(7);
    expect(rowsOf([])).toEqual([]);
  });

  it('gives no rows for an answer without any', () => {
    expect(rowsOf(undefined)).toEqual([]);
    expect(rowsOf({ affected: 1 })).toEqual([]);
  });
});

describe('valuesList', () => {
  it('numbers the placeholders row after row, each with its column cast', () => {
    expect(
      valuesList(
        [
          [0, 'a', null],
          [1, 'b', '{"x":1}'],
        ],
        ['int', '', 'jsonb'],
      ),
    ).toEqual({
      values: '($1::int, $2, $3::jsonb), ($4::int, $5, $6::jsonb)',
      params: [0, 'a', null, 1, 'b', '{"x":1}'],
    });
  });

  it('refuses a row whose values do not match the casts', () => {
    expect(() => valuesList([[1, 2]], ['int'])).toThrow(/2 values for 1 casts/);
  });
});
