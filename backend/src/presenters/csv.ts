import { Readable } from 'node:stream';
import type { Context } from 'koa';

export type CsvValue = string | number | null | undefined;

/** A phone number (E.164, or written with spaces, dots, dashes and brackets) or a plain number. */
const PHONE_OR_NUMBER = /^(?:\+?[\d\s().-]{7,24}|[+-]?\d+(?:\.\d+)?)$/;

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return first)
 * gets a leading apostrophe, so a downloaded file never runs what someone typed into an upload. A
 * phone number or a plain number is left as it is: it runs nothing, and a CRM importing the file
 * would keep the apostrophe as part of the value.
 */
export function neutraliseCell(value: CsvValue): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /^[=+\-@\t\r]/.test(text) && !PHONE_OR_NUMBER.test(text) ? `'${text}` : text;
}

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** One CSV line (RFC 4180: CRLF, quotes doubled), every cell neutralised. */
export const csvLine = (cells: readonly CsvValue[]) =>
  `${cells.map((cell) => quoted(neutraliseCell(cell))).join(',')}\r\n`;

/** Answers a CSV download: UTF-8 with a byte-order mark, which Excel needs to read accents. */
export function sendCsv(ctx: Context, fileName: string, body: string | AsyncIterable<string>): void {
  ctx.type = 'text/csv; charset=utf-8';
  ctx.attachment(fileName);
  ctx.set('Cache-Control', 'no-store');
  ctx.body =
    typeof body === 'string'
      ? `\uFEFF${body}`
      : Readable.from(
          (async function* () {
            yield '\uFEFF';
            yield* body;
          })(),
        );
}
