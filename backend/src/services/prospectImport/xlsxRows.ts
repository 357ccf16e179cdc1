import path from 'node:path';
import { PROSPECT_FILE_PROBLEMS, ProspectFileError } from './messages';
import { MAX_CELL_CHARS, readSharedStrings, SharedStrings } from './sharedStrings';
import { MAX_WORKBOOK_UNPACKED_BYTES } from './uploadCheck';
import { openWorkbookZip, type WorkbookZip } from './workbookZip';
import { attribute, localName, readXmlPart } from './xmlPart';

/** Excel's grid: what a cell reference may name. */
const MAX_COLUMNS = 16_384;
const MAX_ROWS = 1_048_576;
/** workbook.xml and its relationships: a few KB in any real workbook. */
const MAX_INDEX_PART_BYTES = 8 * 1024 * 1024;

/** The text a cell shows, for every value type a cell holds. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  // Whole numbers without exponent or decimals: phone numbers are often stored as numbers.
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if ('text' in cell) return cellText(cell.text);
    if ('result' in cell) return cellText(cell.result);
  }
  return '';
}

/** "BC12" -> 55 (1-based), or 0 when the reference names no column of the grid. */
function columnOf(reference: string | undefined): number {
  if (!reference) return 0;
  let column = 0;
  for (const char of reference.toUpperCase()) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > MAX_COLUMNS) return 0;
  }
  return column;
}

/** What a cell shows, from its type attribute and the text of its <v> (or inline <t>s). */
function valueText(type: string | undefined, raw: string, strings: SharedStrings): string {
  switch (type) {
    case 's':
      return raw ? strings.get(Number(raw)) : '';
    case 'inlineStr':
    case 'str':
      return raw;
    case 'b':
      return raw ? String(raw === '1') : '';
    case 'e':
      return '';
    case 'd':
      return raw.slice(0, 10);
    default:
      return raw === '' ? '' : cellText(Number(raw));
  }
}

/**
 * One worksheet's rows as arrays of text, streamed. Missing rows (a gap in the row numbers) come
 * as empty rows, so a row's place is its number in Excel.
 */
function readSheetRows(zip: WorkbookZip, name: string, strings: SharedStrings): AsyncGenerator<string[]> {
  return (async function* () {
    const part = await zip.open(name, MAX_WORKBOOK_UNPACKED_BYTES, PROSPECT_FILE_PROBLEMS.tooMuchText);
    yield* readXmlPart<string[]>(part, (parser, emit) => {
      let rowNumber = 0;
      let row: string[] | null = null;
      let column = 0;
      let type: string | undefined;
      let raw: string[] = [];
      let rawLength = 0;
      let capture = false;
      let phonetic = 0;
      parser.on('opentag', (tag) => {
        const element = localName(tag.name);
        const attributes = tag.attributes as Record<string, string>;
        if (element === 'row') {
          const number = Number(attributes.r);
          const next =
            Number.isInteger(number) && number > rowNumber && number <= MAX_ROWS ? number : rowNumber + 1;
          for (rowNumber++; rowNumber < next; rowNumber++) emit([]);
          row = [];
          column = 0;
        } else if (element === 'c' && row) {
          column = columnOf(attributes.r) || column + 1;
          type = attributes.t;
          raw = [];
          rawLength = 0;
        } else if (element === 'rPh') phonetic++;
        else if ((element === 'v' || (element === 't' && type === 'inlineStr')) && row && !phonetic)
          capture = !tag.isSelfClosing;
      });
      const onText = (text: string) => {
        if (!capture) return;
        rawLength += text.length;
        if (rawLength > MAX_CELL_CHARS) throw new ProspectFileError(PROSPECT_FILE_PROBLEMS.cellTooLong);
        raw.push(text);
      };
      parser.on('text', onText);
      parser.on('cdata', onText);
      parser.on('closetag', (tag) => {
        const element = localName(tag.name);
        if (element === 'v' || element === 't') capture = false;
        else if (element === 'rPh') phonetic--;
        else if (element === 'c' && row && column <= MAX_COLUMNS) {
          const text = valueText(type, raw.join(''), strings);
          while (row.length < column - 1) row.push('');
          row[column - 1] = text;
        } else if (element === 'row' && row) {
          emit(row);
          row = null;
        }
      });
    });
  })();
}

/** Every element of a small part, by local name, with its attributes. */
async function readElements(zip: WorkbookZip, name: string) {
  const part = await zip.open(name, MAX_INDEX_PART_BYTES, PROSPECT_FILE_PROBLEMS.damagedWorkbook);
  const elements: { name: string; attributes: Record<string, string> }[] = [];
  const events = readXmlPart<never>(part, (parser) =>
    parser.on('opentag', (tag) =>
      elements.push({ name: localName(tag.name), attributes: tag.attributes as Record<string, string> }),
    ),
  );
  for await (const _ of events);
  return elements;
}

/** A relationship's target, relative to xl/ unless absolute, as a name in the zip. */
const partName = (target: string) =>
  target.startsWith('/') ? target.slice(1) : path.posix.normalize(`xl/${target}`);

/**
 * The worksheets in the workbook's order and the shared strings part, from xl/workbook.xml and its
 * relationships; a workbook without them falls back to the sheet parts by number.
 */
async function workbookParts(zip: WorkbookZip) {
  const relationships = zip.has('xl/_rels/workbook.xml.rels')
    ? (await readElements(zip, 'xl/_rels/workbook.xml.rels')).filter((e) => e.name === 'Relationship')
    : [];
  const targets = new Map(relationships.map((r) => [r.attributes.Id, r.attributes]));
  const sheetIds = zip.has('xl/workbook.xml')
    ? (await readElements(zip, 'xl/workbook.xml'))
        .filter((e) => e.name === 'sheet')
        .map((e) => attribute(e.attributes, 'id'))
    : [];
  let sheets = sheetIds
    .map((id) => targets.get(id ?? '')?.Target)
    .filter((target): target is string => !!target)
    .map(partName)
    .filter((name) => zip.has(name));
  if (!sheets.length) {
    const number = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);
    sheets = zip
      .names()
      .filter((name) => /^xl\/worksheets\/[^/]+\.xml$/.test(name))
      .sort((a, b) => number(a) - number(b));
  }
  const sharedTarget = relationships.find((r) => r.attributes.Type?.endsWith('/sharedStrings'))?.attributes
    .Target;
  const shared = sharedTarget ? partName(sharedTarget) : 'xl/sharedStrings.xml';
  return { sheets, sharedStrings: zip.has(shared) ? shared : undefined };
}

/**
 * Rows of the first worksheet that has a non-empty row, as arrays of text. The zip is read through
 * its directory, each part inflated only as far as its declared size; a cell is at most Excel's
 * 32,767 characters and the shared strings stay within a fixed budget, so a small file that
 * unpacks to a huge one fails with a reason rather than filling the memory.
 */
export async function* readXlsxRows(filePath: string): AsyncGenerator<string[]> {
  const zip = await openWorkbookZip(filePath);
  try {
    const { sheets, sharedStrings } = await workbookParts(zip);
    const strings = sharedStrings
      ? await readSharedStrings(
          await zip.open(sharedStrings, MAX_WORKBOOK_UNPACKED_BYTES, PROSPECT_FILE_PROBLEMS.tooMuchText),
        )
      : new SharedStrings();
    for (const sheet of sheets) {
      // Empty rows before the first filled one are held back until this sheet shows it has one.
      let blanks = 0;
      let found = false;
      for await (const row of readSheetRows(zip, sheet, strings)) {
        if (!found && row.every((cell) => !cell)) {
          blanks++;
          continue;
        }
        if (!found) {
          found = true;
          for (; blanks > 0; blanks--) yield [];
        }
        yield row;
      }
      if (found) return;
    }
  } finally {
    await zip.close();
  }
}
