import type { Readable } from 'node:stream';
import type { AgentDocumentExtension } from '@ringcast/shared-types';
import { logger } from '../logger';

/**
 * Text kept per document: far more than a prompt ever carries (clipDocuments cuts it to the
 * prompt's budget), so a long brochure is kept whole enough without storing megabytes of it.
 */
export const MAX_DOCUMENT_TEXT_CHARS = 200_000;

/** Runs of spaces and blank lines left by page layout, folded so the text reads as prose. */
const tidy = (text: string) =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_DOCUMENT_TEXT_CHARS);

async function pdfText(bytes: Buffer): Promise<string> {
  // Loaded with the first PDF: pdf.js is large, and most processes never read one.
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const { default: mammoth } = await import('mammoth');
  return (await mammoth.extractRawText({ buffer: bytes })).value;
}

/**
 * The readable text of a document's bytes: plain text as UTF-8, a PDF's text layer page by page,
 * a Word document's paragraphs. Null when there is none to read: a .doc (Word 97-2003 is kept for
 * the team, not read), a scanned PDF without a text layer, or a file its reader refuses.
 */
export async function extractDocumentText(
  extension: AgentDocumentExtension,
  bytes: Buffer,
): Promise<string | null> {
  try {
    let text: string;
    switch (extension) {
      case '.txt':
        text = bytes.toString('utf8');
        break;
      case '.pdf':
        text = await pdfText(bytes);
        break;
      case '.docx':
        text = await docxText(bytes);
        break;
      case '.doc':
        return null;
    }
    return tidy(text) || null;
  } catch (err) {
    logger.warn({ err, extension }, 'could not read the text of a document');
    return null;
  }
}

/** A stored file's bytes (agent documents are at most 10 MB). */
export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
