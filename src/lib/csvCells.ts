// CSV cells as the site writes them (its open data and the import's report): formula-guarded, RFC 4180 quoted.

/** Characters that make a spreadsheet read a cell as a formula (OWASP CSV injection): =, +, -, @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a cell a spreadsheet would run as a formula gets a leading single quote (OWASP), then RFC 4180
 * quoting: a cell holding a comma, a double quote, CR or LF is put in double quotes, its quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line of cells, ended by CRLF as RFC 4180 has it. */
export function csvLine(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
