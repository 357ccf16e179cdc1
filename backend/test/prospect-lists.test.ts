import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProspectList as ProspectListDto } from '@ringcast/shared-types';
import { Prospect, ProspectList } from '../src/db/models';
import { storage } from '../src/storage';
import { config } from '../src/config';
import { registeredClient, TestClient } from './helpers/client';
import { startTestApi } from './helpers/server';
import { spawnWorker, type Spawned } from './helpers/processes';
import { collect, openSocket, waitFor, type TestSocket } from './helpers/sockets';
import {
  MESSY_CSV,
  MESSY_CSV_CONTACTS,
  MESSY_WORKBOOK_CONTACTS,
  PNG_BYTES,
  messyWorkbook,
  uploadFile,
  zipWithoutWorkbook,
} from './helpers/prospectFiles';

let api: Awaited<ReturnType<typeof startTestApi>>;
let worker: Spawned;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  [api, worker] = await Promise.all([startTestApi(), spawnWorker()]);
}, 60_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await worker?.stop();
  await api?.close();
});

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
    await new Promise((r) => setTimeout(r, 100));
    expect({ lists: await ProspectList.count(), files: storedFiles().length }).toEqual(before);
  });

  it('stores the file, answers with a message and the processing list, and the worker parses it live', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const other = await registeredClient(api.baseUrl);
    const [ownerSocket, otherSocket] = await Promise.all([
      openSocket(api.baseUrl, client.cookieHeader),
      openSocket(api.baseUrl, other.client.cookieHeader),
    ]);
    sockets.push(ownerSocket, otherSocket);
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
    expect(ready).toMatchObject({ contactCount: MESSY_CSV_CONTACTS, failureReason: null });
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
    const otherTab = await openSocket(api.baseUrl, client.cookieHeader);
    sockets.push(otherTab);
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
});
