import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProspectList as ProspectListDto } from '@ringcast/shared-types';
import { Campaign, Prospect, ProspectList } from '../src/db/models';
import { storage } from '../src/storage';
import { config } from '../src/config';
import { registeredClient, TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { collect, waitFor } from './helpers/sockets';
import {
  MESSY_CSV,
  MESSY_CSV_CONTACTS,
  MESSY_WORKBOOK_CONTACTS,
  PNG_BYTES,
  messyWorkbook,
  uploadFile,
  zipWithoutWorkbook,
} from './helpers/prospectFiles';

const api = useTestApi({ worker: true });

const TYPE_MESSAGE = 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)';
const storedFiles = () => {
  const dirs = [path.join(config.uploadDir, 'prospect-lists'), path.join(config.uploadDir, '.incoming')];
  return dirs.flatMap((dir) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []));
};

async function uploadAndWait(client: TestClient, fileName: string, content: string | Uint8Array) {
  const res = await uploadFile(client, fileName, content);
  expect(res.status, res.text).toBe(201);
  const id = (res.json.prospectList as ProspectListDto).id;
  return waitFor(
    async () => {
      const list = await ProspectList.findByPk(id);
      return list && list.status !== 'processing' ? list : undefined;
    },
    15_000,
    'the parse',
  );
}

describe('prospect list upload', () => {
  it('needs a signed-in user', async () => {
    const res = await uploadFile(new TestClient(api.baseUrl), 'leads.csv', MESSY_CSV);
    expect(res.status).toBe(401);
  });

  it('refuses other extensions, and content that does not match the extension, with 415', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const before = await ProspectList.count();
    const wrongName = await uploadFile(client, 'photo.png', PNG_BYTES);
    expect(wrongName.status).toBe(415);
    expect(wrongName.json).toMatchObject({ error: TYPE_MESSAGE, code: 'unsupported_type' });
    for (const [name, content] of [
      ['leads.csv', PNG_BYTES],
      ['leads.csv', Buffer.from([0, 1, 2, 3, 255, 254, 0, 7, 8, 0, 0, 9])],
      ['leads.xlsx', MESSY_CSV],
      ['leads.xlsx', PNG_BYTES],
      ['leads.xlsx', zipWithoutWorkbook()],
      ['leads.xls', PNG_BYTES],
    ] as const) {
      const res = await uploadFile(client, name, content);
      expect(res.status, name).toBe(415);
      expect(res.json.error).toContain(TYPE_MESSAGE);
    }
    expect(await ProspectList.count()).toBe(before);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const before = { lists: await ProspectList.count(), files: storedFiles().length };
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const wayOver = Buffer.alloc(12 * 1024 * 1024, 'a');
    for (const content of [justOver, wayOver]) {
      const res = await uploadFile(client, 'big.csv', content);
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({ error: 'File size must be less than 10MB', code: 'too_large' });
    }
    // The upload middleware removes what it received before it answers, so nothing is left to appear.
    expect({ lists: await ProspectList.count(), files: storedFiles().length }).toEqual(before);
  });

  it('stores the file, answers with a message and the processing list, and the worker parses it live', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const other = await registeredClient(api.baseUrl);
    const [ownerSocket, otherSocket] = await Promise.all([
      api.openSocket(client),
      api.openSocket(other.client),
    ]);
    const ownerEvents = collect(ownerSocket, 'prospectList:updated');
    const otherEvents = collect(otherSocket, 'prospectList:updated');

    const res = await uploadFile(client, 'My Leads.csv', MESSY_CSV);
    expect(res.status).toBe(201);
    expect(res.json.message).toMatch(/"My Leads.csv" was uploaded/);
    const created = res.json.prospectList as ProspectListDto;
    expect(created).toMatchObject({
      userId: user.id,
      name: 'My Leads.csv',
      status: 'processing',
      contactCount: 0,
    });
    const stored = await ProspectList.findByPk(created.id, { rejectOnEmpty: true });
    expect(fs.existsSync(storage.pathFor('prospect-list', stored.storedFileName))).toBe(true);

    const ready = await waitFor(
      () => ownerEvents.find((e) => e.id === created.id && e.status === 'ready'),
      15_000,
      'ready event',
    );
    expect(ready).toMatchObject({
      contactCount: MESSY_CSV_CONTACTS,
      skippedRows: { invalidPhone: 2, duplicate: 1 },
      failureReason: null,
    });
    expect(created.skippedRows).toEqual({ invalidPhone: 0, duplicate: 0 });
    expect(otherEvents).toEqual([]);

    const listed = await client.get('/api/prospect-lists');
    expect(listed.status).toBe(200);
    expect(listed.json).toEqual([
      expect.objectContaining({ id: created.id, status: 'ready', contactCount: MESSY_CSV_CONTACTS }),
    ]);
  });

  it('parses an Excel upload, and fails an unreadable one with a reason', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const workbook = await uploadAndWait(client, 'leads.xlsx', await messyWorkbook());
    expect(workbook).toMatchObject({ status: 'ready', contactCount: MESSY_WORKBOOK_CONTACTS });
    const noPhones = await uploadAndWait(client, 'names.csv', 'Name,Email\nAda,ada@example.com\n');
    expect(noPhones).toMatchObject({
      status: 'failed',
      failureReason: 'No phone number column found. Name a column "Phone".',
    });
  });
});

describe('prospect list ownership and delete', () => {
  it("another user can neither see nor delete someone's list (404)", async () => {
    const alice = await registeredClient(api.baseUrl);
    const bob = await registeredClient(api.baseUrl);
    const list = await uploadAndWait(alice.client, 'alice.csv', MESSY_CSV);

    expect((await bob.client.get('/api/prospect-lists')).json).toEqual([]);
    const denied = await bob.client.request('DELETE', `/api/prospect-lists/${list.id}`);
    expect(denied.status).toBe(404);
    expect(await ProspectList.findByPk(list.id)).not.toBeNull();
    expect((await bob.client.request('DELETE', '/api/prospect-lists/not-a-number')).status).toBe(404);
  });

  it("deleting a list removes its prospects and its file, and tells the owner's other tabs", async () => {
    const { client } = await registeredClient(api.baseUrl);
    const list = await uploadAndWait(client, 'gone.csv', MESSY_CSV);
    const filePath = storage.pathFor('prospect-list', list.storedFileName);
    expect(await Prospect.count({ where: { prospectListId: list.id } })).toBe(MESSY_CSV_CONTACTS);
    const otherTab = await api.openSocket(client);
    const deletions = collect(otherTab, 'prospectList:deleted');

    const res = await client.request('DELETE', `/api/prospect-lists/${list.id}`);
    expect(res.status).toBe(200);
    expect(await waitFor(() => deletions.find((e) => e.id === list.id), 5_000, 'deleted event')).toEqual({
      id: list.id,
    });
    expect(await ProspectList.findByPk(list.id)).toBeNull();
    expect(await Prospect.count({ where: { prospectListId: list.id } })).toBe(0);
    expect(fs.existsSync(filePath)).toBe(false);
    expect((await client.get('/api/prospect-lists')).json).toEqual([]);
  });

  it('refuses to delete the list of an active campaign (409, naming it) and changes nothing', async () => {
    const { client } = await registeredClient(api.baseUrl);
    const list = await uploadAndWait(client, 'in-use.csv', MESSY_CSV);
    const created = await client.post('/api/campaigns', {
      name: 'Spring checkups',
      type: 'appointment',
      hasProvidedList: true,
      prospectListId: list.id,
      prospectListFile: 'in-use.csv',
    });
    expect(created.status).toBe(201);
    const campaignId = created.json.id as number;
    await Campaign.update({ status: 'active', setupPaymentProcessed: true }, { where: { id: campaignId } });

    const res = await client.request('DELETE', `/api/prospect-lists/${list.id}`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      error: 'This list is used by "Spring checkups". Pause that campaign first.',
      code: 'conflict',
    });
    expect(await ProspectList.findByPk(list.id)).not.toBeNull();
    expect(await Prospect.count({ where: { prospectListId: list.id } })).toBe(MESSY_CSV_CONTACTS);
    expect(fs.existsSync(storage.pathFor('prospect-list', list.storedFileName))).toBe(true);
    expect(await Campaign.findByPk(campaignId)).toMatchObject({
      prospectListId: list.id,
      prospectListFile: 'in-use.csv',
    });

    // Paused, it no longer calls from the list: the list may go, and the campaign lets go of it.
    await Campaign.update({ status: 'paused' }, { where: { id: campaignId } });
    expect((await client.request('DELETE', `/api/prospect-lists/${list.id}`)).status).toBe(200);
    expect(await Campaign.findByPk(campaignId)).toMatchObject({
      prospectListId: null,
      prospectListFile: null,
    });
  });

  it("deleting a draft's list clears the draft's reference and announces the draft", async () => {
    const { client } = await registeredClient(api.baseUrl);
    const list = await uploadAndWait(client, 'draft-list.csv', MESSY_CSV);
    const created = await client.post('/api/campaigns', {
      name: 'Draft with a list',
      type: 'quote',
      hasProvidedList: true,
      prospectListId: list.id,
      prospectListFile: 'draft-list.csv',
    });
    const draftId = created.json.id as number;
    const otherTab = await api.openSocket(client);
    const updates = collect(otherTab, 'campaign:updated');

    expect((await client.request('DELETE', `/api/prospect-lists/${list.id}`)).status).toBe(200);
    const announced = await waitFor(
      () => updates.find((c) => c.id === draftId && !c.prospectListId),
      5_000,
      'draft update',
    );
    expect(announced).toMatchObject({ status: 'draft', prospectListId: null, prospectListFile: null });
    const [listed] = (await client.get('/api/campaigns')).json as unknown as Record<string, unknown>[];
    expect(listed).toMatchObject({ id: draftId, prospectListId: null, prospectListFile: null });
  });
});

describe('the skipped rows of a list', () => {
  const FORMULAS_CSV = [
    'Name,Phone,Notes',
    'Ada Lovelace,(212) 555-0100,=1+1',
    '=HYPERLINK("http://evil.example"),not-a-phone,@SUM(A1)',
    '"Hopper, Grace",+1 212 555 0100,-2',
    'Alan Turing,+44 20 7946 0958,fine',
  ].join('\n');

  it("downloads as CSV for the owner: the reason, then the file's columns, formulas neutralised", async () => {
    const { client } = await registeredClient(api.baseUrl);
    const list = await uploadAndWait(client, 'formulas.csv', FORMULAS_CSV);
    expect(list).toMatchObject({
      status: 'ready',
      contactCount: 2,
      skippedInvalidPhone: 1,
      skippedDuplicate: 1,
    });
    const [listed] = (await client.get('/api/prospect-lists')).json as unknown as ProspectListDto[];
    expect(listed.skippedRows).toEqual({ invalidPhone: 1, duplicate: 1 });

    const res = await client.get(`/api/prospect-lists/${list.id}/skipped.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="formulas-skipped-rows.csv"');
    expect(res.text).toBe(
      [
        'Reason,Name,Phone,Notes',
        `Invalid phone number,"'=HYPERLINK(""http://evil.example"")",not-a-phone,'@SUM(A1)`,
        // A phone number and a plain number run nothing: kept as they are, for a CRM to import.
        `Duplicate phone number,"Hopper, Grace",+1 212 555 0100,-2`,
        '',
      ].join('\r\n'),
    );
    // Starts with UTF-8's byte-order mark (fetch's text() drops it), which Excel needs for accents.
    const raw = await fetch(`${api.baseUrl}/api/prospect-lists/${list.id}/skipped.csv`, {
      headers: { Cookie: client.cookieHeader },
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("is the owner's alone: 401 signed out, 404 for anyone else", async () => {
    const alice = await registeredClient(api.baseUrl);
    const bob = await registeredClient(api.baseUrl);
    const list = await uploadAndWait(alice.client, 'private.csv', MESSY_CSV);
    const path = `/api/prospect-lists/${list.id}/skipped.csv`;
    expect((await new TestClient(api.baseUrl).get(path)).status).toBe(401);
    const denied = await bob.client.get(path);
    expect(denied.status).toBe(404);
    expect(denied.json).toMatchObject({ error: 'Prospect list not found' });
    expect((await alice.client.get(path)).text).toContain('Ada Again');
  });
});
