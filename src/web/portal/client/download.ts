// Owns exporting the filtered view in the browser: every page of the current filters, saved as CSV or JSON.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { CSV_HEADER, CSV_OPTIONS, csvRecord } from '../../../exports/format';

/** The same columns and formula-cell neutralization as the server's CSV export (docs/portal-and-exports.md#exports). */
export function toCsv(events: any[]): string {
  return CSV_HEADER + stringify(events.map(csvRecord), CSV_OPTIONS);
}

/** Hands a file to the browser's download manager; the data never leaves the page. */
export function save(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
