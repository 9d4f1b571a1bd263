import { rowsOf } from './raw-rows.js';

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
