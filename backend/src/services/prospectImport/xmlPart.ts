import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { SaxesParser } from 'saxes';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';

/**
 * The longest stretch of a part between two '<': any text node or tag. Excel keeps a cell under
 * 32,767 characters, which even written as entities (6 bytes each) stays under this. The XML
 * parser buffers a whole text node before handing it on, so this is checked on the raw bytes first.
 */
export const MAX_XML_RUN_BYTES = 256 * 1024;
const LT = 0x3c;

/** The element's name without its namespace prefix ("x:row" and "row" are the same element). */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name, whatever prefix it was written with. */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const key in attributes) if (localName(key) === name && key.includes(':')) return attributes[key];
  return undefined;
}

/** Longest run without '<' in a chunk, given the run carried over from the chunks before. */
function checkRuns(chunk: Buffer, carried: number): number {
  let start = 0;
  let run = carried;
  for (let at = chunk.indexOf(LT); at >= 0; at = chunk.indexOf(LT, at + 1)) {
    if (run + (at - start) > MAX_XML_RUN_BYTES)
      throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.cellTooLong);
    run = 0;
    start = at + 1;
  }
  run += chunk.length - start;
  if (run > MAX_XML_RUN_BYTES) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.cellTooLong);
  return run;
}

/**
 * Streams one XML part of a workbook through saxes and yields what `listen` emits, chunk by
 * chunk, so a caller that stops early stops the inflating too. Broken XML reads as an unreadable
 * file; a part that inflates to more than its declared size (yauzl fails the stream) as a damaged one.
 */
export async function* readXmlPart<T>(
  part: Readable,
  listen: (parser: SaxesParser, emit: (item: T) => void) => void,
): AsyncGenerator<T> {
  const parser = new SaxesParser({ position: false });
  const ready: T[] = [];
  listen(parser, (item) => ready.push(item));
  const decoder = new StringDecoder('utf8');
  const feed = (text: string, end = false) => {
    try {
      parser.write(text);
      if (end) parser.close();
    } catch (err) {
      throw err instanceof ProspectFileError ? err : new ProspectFileError(PROSPECT_FILE_PROBLEMS.unreadable);
    }
  };
  const chunks = part[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let run = 0;
  try {
    for (;;) {
      let next: IteratorResult<Buffer>;
      try {
        next = await chunks.next();
      } catch {
        throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.damagedWorkbook);
      }
      if (next.done) break;
      run = checkRuns(next.value, run);
      feed(decoder.write(next.value));
      yield* ready.splice(0);
    }
    feed(decoder.end(), true);
    yield* ready.splice(0);
  } finally {
    part.destroy();
  }
}
