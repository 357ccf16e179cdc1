import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentDocument as AgentDocumentDto, AgentDocumentUploadResponse } from '@ringcast/shared-types';
import { AgentDocument } from '../src/db/models';
import { config } from '../src/config';
import { storage } from '../src/storage';
import { registeredClient, TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { readDocumentTexts } from '../src/services/agentDocuments';
import {
  BROKEN_PDF_BYTES,
  DOCX_BYTES,
  PDF_BYTES,
  storedZip,
  textPdf,
  uploadDocuments,
  wordDocument,
} from './helpers/agentDocuments';
import { OLD_EXCEL_BYTES, PNG_BYTES, messyWorkbook } from './helpers/prospectFiles';

const api = useTestApi();

const TYPE_MESSAGE = 'Please upload PDF, Word or text documents (.pdf, .doc, .docx, .txt)';
const storedFiles = () => {
  const dirs = [path.join(config.uploadDir, 'agent-documents'), path.join(config.uploadDir, '.incoming')];
  return dirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []));
};
const snapshot = async () => ({ rows: await AgentDocument.count(), files: storedFiles().length });

describe('agent document upload', () => {
  it('needs a signed-in user', async () => {
    expect((await uploadDocuments(new TestClient(api.baseUrl), [['notes.txt', 'Hello']])).status).toBe(401);
    expect((await new TestClient(api.baseUrl).get('/api/agent-documents')).status).toBe(401);
  });

  it('keeps each of the four kinds and answers the stored names', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await uploadDocuments(client, [
      ['Notes.TXT', 'Our clinic opens at 8am.\nWe accept all major insurers.'],
      ['brochure.pdf', PDF_BYTES],
      ['script.docx', DOCX_BYTES],
      ['old script.doc', OLD_EXCEL_BYTES],
    ]);
    expect(res.status, res.text).toBe(201);
    const body = res.json as unknown as AgentDocumentUploadResponse;
    expect(body.message).toBe(
      '4 documents uploaded. No text could be read from "old script.doc": the AI agent will not use it.',
    );
    expect(body.files.map((f) => f.originalName)).toEqual([
      'Notes.TXT',
      'brochure.pdf',
      'script.docx',
      'old script.doc',
    ]);
    const extensions = body.files.map((f) => path.extname(f.filename));
    expect(extensions).toEqual(['.txt', '.pdf', '.docx', '.doc']);
    for (const file of body.files) {
      expect(file.filename).toMatch(/^[0-9a-f-]{36}\.(txt|pdf|docx|doc)$/);
      expect(fs.existsSync(storage.pathFor('agent-document', file.filename))).toBe(true);
      const row = await AgentDocument.findByPk(file.id);
      expect(row).toMatchObject({
        userId: user.id,
        storedFileName: file.filename,
        originalName: file.originalName,
      });
    }
    expect(fs.readFileSync(storage.pathFor('agent-document', body.files[0].filename), 'utf8')).toContain(
      '8am',
    );

    const list = await client.get('/api/agent-documents');
    expect(list.status).toBe(200);
    const docs = list.json as unknown as AgentDocumentDto[];
    expect(docs.map((d) => d.filename).sort()).toEqual(body.files.map((f) => f.filename).sort());
    expect(docs[0]).toMatchObject({ userId: user.id, campaignId: null, sizeBytes: expect.any(Number) });
  });

  it('answers the single-file message for one document', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await uploadDocuments(client, [['a.txt', 'Just one.']]);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ message: '1 document uploaded.', files: [{ originalName: 'a.txt' }] });
  });

  it('refuses other extensions, and content that does not match the name, keeping nothing', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const before = await snapshot();
    const wrongName = await uploadDocuments(client, [['photo.png', PNG_BYTES]]);
    expect(wrongName.status).toBe(415);
    expect(wrongName.json).toMatchObject({ error: TYPE_MESSAGE, code: 'unsupported_type' });
    for (const [name, content] of [
      ['notes.txt', PNG_BYTES],
      ['notes.txt', Buffer.from([0, 1, 2, 3, 255, 254, 0, 7])],
      ['brochure.pdf', 'not really a pdf'],
      ['script.docx', await messyWorkbook()],
      ['script.docx', storedZip({ 'readme.txt': 'a zip, not a document' })],
      ['script.doc', PDF_BYTES],
    ] as const) {
      const res = await uploadDocuments(client, [[name, content]]);
      expect(res.status, name).toBe(415);
      expect(res.json.error).toBe(`"${name}" is not a ${path.extname(name)} document. ${TYPE_MESSAGE}`);
    }
    // One bad file refuses the batch.
    const mixed = await uploadDocuments(client, [
      ['good.txt', 'fine'],
      ['bad.exe', 'MZ'],
    ]);
    expect(mixed.status).toBe(415);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a document over 10 MB with 413, empty files and too many files with 400', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const before = await snapshot();
    const big = await uploadDocuments(client, [['big.txt', Buffer.alloc(10 * 1024 * 1024 + 1, 'a')]]);
    expect(big.status).toBe(413);
    expect(big.json).toMatchObject({ error: 'Each document must be less than 10MB', code: 'too_large' });
    const empty = await uploadDocuments(client, [
      ['a.txt', 'text'],
      ['empty.txt', ''],
    ]);
    expect(empty.status).toBe(400);
    expect(empty.json.error).toBe('"empty.txt" is empty.');
    const many = await uploadDocuments(
      client,
      Array.from({ length: 11 }, (_, i) => [`n${i}.txt`, 'x'] as [string, string]),
    );
    expect(many.status).toBe(400);
    expect(many.json.error).toBe('Upload at most 10 files at a time.');
    const none = await uploadDocuments(client, []);
    expect(none.status).toBe(400);
    // The upload middleware removes what it received before it answers, so nothing is left to appear.
    expect(await snapshot()).toEqual(before);
  });

  it('lists only the owner’s documents', async () => {
    const a = await registeredClient(api.baseUrl);
    const b = await registeredClient(api.baseUrl);
    const uploaded = await uploadDocuments(a.client, [['mine.txt', 'private']]);
    expect(uploaded.status).toBe(201);
    const listed = (await b.client.get('/api/agent-documents')).json as unknown as AgentDocumentDto[];
    expect(listed).toEqual([]);
    await uploadDocuments(b.client, [['theirs.txt', 'other']]);
    const again = (await b.client.get('/api/agent-documents')).json as unknown as AgentDocumentDto[];
    expect(again.map((d) => d.originalName)).toEqual(['theirs.txt']);
  });
});

describe('agent document text', () => {
  const filesOf = (res: { json: unknown }) => (res.json as AgentDocumentUploadResponse).files;
  const idsOf = (res: { json: unknown }) => filesOf(res).map((file) => file.id);

  it('reads the text of PDF, Word and text documents once, at upload, for the agent', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await uploadDocuments(client, [
      ['hours.txt', '\uFEFFWe open at 8am.\r\nClosed on Sundays.'],
      ['brochure.pdf', textPdf(['Teeth whitening costs $199 (one visit).', 'Parking is free.'])],
      ['faq.docx', wordDocument(['Do you take insurance?', 'Yes, all major insurers & Medicare.'])],
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe('3 documents uploaded.');
    const ids = idsOf(res);
    const rows = await AgentDocument.findAll({ where: { id: ids }, order: [['id', 'ASC']] });
    expect(rows.map((row) => row.extractedText)).toEqual([
      'We open at 8am.\nClosed on Sundays.',
      expect.stringMatching(/^Teeth whitening costs \$199 \(one visit\)\.\s+Parking is free\.$/),
      'Do you take insurance?\n\nYes, all major insurers & Medicare.',
    ]);
    const texts = await readDocumentTexts(user.id, ids);
    expect(texts.map((t) => t.name)).toEqual(['hours.txt', 'brochure.pdf', 'faq.docx']);
    expect(texts[1].text).toContain('Parking is free.');
    // Someone else's ids read nothing.
    const other = await registeredClient(api.baseUrl);
    expect(await readDocumentTexts(other.user.id, ids)).toEqual([]);
  });

  it('keeps a document whose text cannot be read, says so, and the agent skips it', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await uploadDocuments(client, [
      ['scan.pdf', BROKEN_PDF_BYTES],
      ['notes.txt', 'Ask for Dr. Lee.'],
    ]);
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe(
      '2 documents uploaded. No text could be read from "scan.pdf": the AI agent will not use it.',
    );
    const [scan, notes] = idsOf(res);
    expect((await AgentDocument.findByPk(scan))?.extractedText).toBe('');
    expect(fs.existsSync(storage.pathFor('agent-document', filesOf(res)[0].filename))).toBe(true);
    expect(await readDocumentTexts(user.id, [scan, notes])).toEqual([
      { name: 'notes.txt', text: 'Ask for Dr. Lee.' },
    ]);
  });

  it('reads a document kept before texts were read on its first use, once', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const res = await uploadDocuments(client, [['older.docx', wordDocument(['Open late on Thursdays.'])]]);
    const [id] = idsOf(res);
    await AgentDocument.update({ extractedText: null }, { where: { id } });
    expect(await readDocumentTexts(user.id, [id])).toEqual([
      { name: 'older.docx', text: 'Open late on Thursdays.' },
    ]);
    expect((await AgentDocument.findByPk(id))?.extractedText).toBe('Open late on Thursdays.');
    // Read from the row from now on: the file itself is no longer needed.
    fs.rmSync(storage.pathFor('agent-document', filesOf(res)[0].filename));
    expect(await readDocumentTexts(user.id, [id])).toEqual([
      { name: 'older.docx', text: 'Open late on Thursdays.' },
    ]);
  });
});
