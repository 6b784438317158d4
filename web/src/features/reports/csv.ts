import { saveFile } from '../../api/files';

/** One CSV field: quoted when it holds a comma, a quote or a line break; a leading apostrophe where a spreadsheet would read a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows of fields as CSV text, lines ended by CRLF as the format asks. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Offers `text` as a file to save. */
export function saveCsv(name: string, text: string): void {
  // A byte order mark, so that spreadsheets read the accents right.
  saveFile(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }), name);
}
