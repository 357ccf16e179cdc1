import { Readable } from 'node:stream';
import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/** One part of a hand-built zip: its deflated bytes and what the headers say about them. */
export interface CraftedPart {
  name: string;
  deflated: Buffer;
  crc: number;
  /** What the part really inflates to. */
  size: number;
  /** What the central directory says it inflates to (the real size unless told otherwise). */
  centralSize?: number;
  /** What the local header says it inflates to (the central size unless told otherwise). */
  localSize?: number;
}

export function part(name: string, content: string): CraftedPart {
  const bytes = Buffer.from(content);
  return { name, deflated: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
}

/**
 * A part whose content is `head`, then `fill` repeated to `fillBytes`, then `tail`, deflated as it
 * is generated: hundreds of MB of content cost a few hundred KB and no memory to make.
 */
export async function hugePart(
  name: string,
  head: string,
  fill: string,
  fillBytes: number,
  tail: string,
): Promise<CraftedPart> {
  const block = Buffer.from(fill.repeat(Math.ceil((1024 * 1024) / fill.length)));
  let crc = 0;
  let size = 0;
  function* content() {
    const emit = (chunk: Buffer) => {
      crc = crc32(chunk, crc);
      size += chunk.length;
      return chunk;
    };
    yield emit(Buffer.from(head));
    for (let left = fillBytes; left > 0; left -= block.length)
      yield emit(block.subarray(0, Math.min(left, block.length)));
    yield emit(Buffer.from(tail));
  }
  const chunks: Buffer[] = [];
  for await (const chunk of Readable.from(content()).pipe(createDeflateRaw({ level: 9 })))
    chunks.push(chunk as Buffer);
  return { name, deflated: Buffer.concat(chunks), crc, size };
}

/** A zip of deflated parts with the sizes each header is told to declare. */
export function zipOf(parts: CraftedPart[]): Buffer {
  const out: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name);
    const centralSize = p.centralSize ?? p.size;
    const localSize = p.localSize ?? centralSize;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.deflated.length, 18);
    local.writeUInt32LE(localSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(p.crc, 16);
    central.writeUInt32LE(p.deflated.length, 20);
    central.writeUInt32LE(centralSize, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, p.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + p.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directory, end]);
}

const SHEET_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook has, around a first sheet and its shared strings. */
export function workbookParts(sheet: CraftedPart, sharedStrings?: CraftedPart): CraftedPart[] {
  return [
    part(
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    ),
    part(
      'xl/workbook.xml',
      `<?xml version="1.0"?><workbook xmlns="${SHEET_NS}" xmlns:r="${REL_NS}"><sheets><sheet name="Leads" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    sheet,
    ...(sharedStrings ? [sharedStrings] : []),
  ];
}

/** A first sheet: a "Phone" header (shared string 0) and rows of the given cells' XML. */
export function sheetPart(rows: string[]): CraftedPart {
  const body = rows.map((cells, i) => `<row r="${i + 2}">${cells}</row>`).join('');
  return part(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0"?><worksheet xmlns="${SHEET_NS}"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>${body}</sheetData></worksheet>`,
  );
}

/** Shared strings start with "Phone" (string 0); what follows is string 1 and on. */
export const SHARED_STRINGS_HEAD = `<?xml version="1.0"?><sst xmlns="${SHEET_NS}"><si><t>Phone</t></si>`;
export const SHARED_STRINGS_TAIL = '</sst>';
