import { renderToStaticMarkup } from 'react-dom/server';
import { FigureTable } from './FigureTable';

describe(FigureTable.name, () => {
  const people = [
    { id: 2, name: 'Marie Huber', planned: 480, worked: 450 },
    { id: 3, name: 'Lena Leitner', planned: 0, worked: 60 },
  ];
  const columns = [
    { label: 'Geplant', value: (p: (typeof people)[number]) => p.planned },
    {
      label: 'Differenz',
      value: (p: (typeof people)[number]) => p.worked - p.planned,
      className: (p: (typeof people)[number]) => (p.worked < p.planned ? 'minus' : undefined),
    },
  ];

  it('heads each row with its name and each figure column, the figures right-aligned', () => {
    const html = renderToStaticMarkup(
      <FigureTable
        rows={people}
        rowKey={(p) => p.id}
        label="Person"
        name={(p) => p.name}
        columns={columns}
        className="stats-table"
      />,
    );
    expect(html).toBe(
      '<table class="stats-table"><thead><tr><th scope="col">Person</th>' +
        '<th scope="col" class="num">Geplant</th><th scope="col" class="num">Differenz</th></tr></thead>' +
        '<tbody><tr><th scope="row">Marie Huber</th><td class="num">480</td><td class="num minus">-30</td></tr>' +
        '<tr><th scope="row">Lena Leitner</th><td class="num">0</td><td class="num">60</td></tr></tbody></table>',
    );
  });

  it('wraps the table in a scrolling box when asked and carries a test id', () => {
    const html = renderToStaticMarkup(
      <FigureTable
        rows={[]}
        rowKey={(p: (typeof people)[number]) => p.id}
        label="Person"
        name={(p) => p.name}
        columns={columns}
        className="bo-table"
        wrapClassName="bo-table-wrap"
        testId="working-week"
      />,
    );
    expect(html).toMatch(/^<div class="bo-table-wrap"><table class="bo-table" data-testid="working-week">/);
    expect(html).toContain('<tbody></tbody>');
  });
});
