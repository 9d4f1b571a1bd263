/**
 * CSV for Excel in German (the back office's exports): semicolons between cells, a byte order mark so
 * Excel reads UTF-8 (umlauts), CRLF line ends; a cell with a semicolon, quote or line break is quoted.
 */

/** A cell as CSV: quoted when it holds a semicolon, a quote or a line break. */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A text cell from outside (a product name, a page address a visitor asked for): one that Excel would take
 * for a formula (`=`, `+`, `-`, `@` first) gets a leading apostrophe, which Excel shows as text.
 */
export function csvText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** Rows to the whole file, byte order mark first. */
export function toCsv(rows: readonly (readonly unknown[])[]): string {
  return '\ufeff' + rows.map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';
}

/** Lets the browser save `text` as a file named `name`. */
export function downloadText(name: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
