import type { Readable } from 'node:stream';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';
import { localName, readXmlPart } from './xmlPart';

/** Excel's own limit for one cell (and so for one shared string). */
export const MAX_CELL_CHARS = 32_767;
/** The text of every shared string together, as UTF-8: what the table may hold in memory. */
export const MAX_SHARED_TEXT_BYTES = 64 * 1024 * 1024;
export const MAX_SHARED_STRINGS = 3_000_000;

const CHUNK_BYTES = 1024 * 1024;

/**
 * A workbook's shared strings, kept as UTF-8 in 1 MB slabs with an offset and a length per string
 * (a few bytes each) rather than as millions of JS strings with their headers.
 */
export class SharedStrings {
  private slabs: Buffer[] = [];
  private used = CHUNK_BYTES;
  private starts = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private totalBytes = 0;
  count = 0;

  add(text: string): void {
    if (text.length > MAX_CELL_CHARS) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.cellTooLong);
    if (this.count >= MAX_SHARED_STRINGS) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.tooMuchText);
    const bytes = Buffer.byteLength(text);
    this.totalBytes += bytes;
    if (this.totalBytes > MAX_SHARED_TEXT_BYTES)
      throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.tooMuchText);
    if (this.used + bytes > CHUNK_BYTES) {
      this.slabs.push(Buffer.allocUnsafe(CHUNK_BYTES));
      this.used = 0;
    }
    if (this.count === this.starts.length) {
      const starts = new Uint32Array(this.count * 2);
      starts.set(this.starts);
      this.starts = starts;
      const lengths = new Uint32Array(this.count * 2);
      lengths.set(this.lengths);
      this.lengths = lengths;
    }
    const slab = this.slabs.length - 1;
    this.slabs[slab]!.write(text, this.used);
    this.starts[this.count] = slab * CHUNK_BYTES + this.used;
    this.lengths[this.count] = bytes;
    this.used += bytes;
    this.count++;
  }

  /** The string at an index; '' for an index the table does not have. */
  get(index: number): string {
    if (!Number.isInteger(index) || index < 0 || index >= this.count) return '';
    const start = this.starts[index]!;
    const slab = this.slabs[Math.floor(start / CHUNK_BYTES)]!;
    const at = start % CHUNK_BYTES;
    return slab.toString('utf8', at, at + this.lengths[index]!);
  }
}

/**
 * Reads xl/sharedStrings.xml: each <si> is its <t> text, or its rich-text runs' <t>s joined;
 * phonetic guides (<rPh>) are not part of the text.
 */
export async function readSharedStrings(part: Readable): Promise<SharedStrings> {
  const strings = new SharedStrings();
  const events = readXmlPart<never>(part, (parser) => {
    let text: string[] | null = null;
    let textLength = 0;
    let inText = false;
    let phonetic = 0;
    parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      if (name === 'si') {
        text = [];
        textLength = 0;
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && text && !phonetic) inText = !tag.isSelfClosing;
    });
    const onText = (chunk: string) => {
      if (!inText || !text) return;
      textLength += chunk.length;
      if (textLength > MAX_CELL_CHARS) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.cellTooLong);
      text.push(chunk);
    };
    parser.on('text', onText);
    parser.on('cdata', onText);
    parser.on('closetag', (tag) => {
      const name = localName(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si' && text) {
        strings.add(text.join(''));
        text = null;
      }
    });
  });
  for await (const _ of events);
  return strings;
}
