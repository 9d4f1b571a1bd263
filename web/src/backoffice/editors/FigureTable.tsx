import type { ReactNode } from 'react';

/** One column of figures. */
export interface FigureColumn<T> {
  label: ReactNode;
  value: (row: T) => ReactNode;
  /** An extra class of the cell, e.g. for a negative difference. */
  className?: (row: T) => string | undefined;
}

export interface FigureTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** The first column: what each row is (a person, a product, a page), as the row's header. */
  label: ReactNode;
  name: (row: T) => ReactNode;
  nameClassName?: string;
  /** The figures: right-aligned with tabular digits (class `num`). */
  columns: readonly FigureColumn<T>[];
  /** The table's look (`stats-table`, `bo-table`). */
  className: string;
  /** Puts the table in a box with this class (horizontal scrolling on narrow screens). */
  wrapClassName?: string;
  /**
   * Names the box and makes it focusable, so that a table wider than a phone scrolls by keyboard too (axe
   * "scrollable-region-focusable").
   */
  wrapLabel?: string;
  testId?: string;
}

/**
 * A table of figures per row, as the back office's overviews show them (best sellers, pages, working and
 * holiday time): the row's name as its header, then right-aligned numbers, each heading a column header.
 */
export function FigureTable<T>({
  rows,
  rowKey,
  label,
  name,
  nameClassName,
  columns,
  className,
  wrapClassName,
  wrapLabel,
  testId,
}: FigureTableProps<T>) {
  const cellClass = (column: FigureColumn<T>, row: T) =>
    column.className?.(row) ? `num ${column.className(row)}` : 'num';
  const table = (
    <table className={className} data-testid={testId}>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          {columns.map((column, i) => (
            <th key={i} scope="col" className="num">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            <th scope="row" className={nameClassName}>
              {name(row)}
            </th>
            {columns.map((column, i) => (
              <td key={i} className={cellClass(column, row)}>
                {column.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!wrapClassName) return table;
  return wrapLabel ? (
    <div className={wrapClassName} tabIndex={0} role="region" aria-label={wrapLabel}>
      {table}
    </div>
  ) : (
    <div className={wrapClassName}>{table}</div>
  );
}
