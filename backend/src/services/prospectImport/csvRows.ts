import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse';

const DELIMITERS = [',', ';', '\t', '|'];

/** The delimiter used most often, outside quotes, in the first line ("," when none is). */
export function sniffDelimiter(sample: string): string {
  const counts = new Map(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const char of sample) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/** UTF-8 when the sample decodes as UTF-8, otherwise the Windows/Latin-1 files older Excel saves. */
function sniffEncoding(sample: Buffer): 'utf8' | 'latin1' {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return 'utf8';
  } catch {
    return 'latin1';
  }
}

async function* prepend(first: Buffer, rest: AsyncIterator<Buffer>) {
  yield first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** Resolves once the stream has records to read, has ended, or has failed (then rejects). */
function readableOrEnded(stream: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      stream.off('readable', settle).off('end', settle).off('error', settle);
      if (err) reject(err);
      else resolve();
    };
    stream.on('readable', settle).on('end', settle).on('error', settle);
  });
}

/**
 * Rows of a CSV (or semicolon / tab separated) file as arrays of trimmed text, streamed, in the
 * batches the parser has ready (a few hundred rows per 64 KB read): a caller that awaits per batch
 * rather than per row spares some two million promise turns on a million-row file. Blank lines
 * and rows the parser cannot make sense of are skipped rather than failing the file.
 */
export async function* readCsvRowBatches(source: Readable): AsyncGenerator<string[][]> {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await chunks.next();
  if (first.done) return;
  const sample = first.value.subarray(0, 64 * 1024);
  const encoding = sniffEncoding(sample);
  const parser = parse({
    bom: true,
    encoding,
    delimiter: sniffDelimiter(sample.toString(encoding)),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    trim: true,
    max_record_size: 64 * 1024,
  });
  const feeding = pipeline(Readable.from(prepend(first.value, chunks), { objectMode: false }), parser);
  feeding.catch(() => undefined);
  try {
    for (;;) {
      const batch: string[][] = [];
      for (let record: string[] | null; (record = parser.read() as string[] | null) !== null;)
        batch.push(record);
      if (batch.length) yield batch;
      else if (parser.readableEnded) break;
      else if (parser.errored) throw parser.errored;
      else await readableOrEnded(parser);
    }
    await feeding;
  } finally {
    source.destroy();
    parser.destroy();
  }
}

/** The same rows one at a time. */
export async function* readCsvRows(source: Readable): AsyncGenerator<string[]> {
  for await (const batch of readCsvRowBatches(source)) yield* batch;
}
