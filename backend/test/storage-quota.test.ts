import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { AgentDocument, ProspectList } from '../src/db/models';
import { config } from '../src/config';
import { STORAGE_QUOTA } from '../src/lib/limits';
import { storedByUser } from '../src/services/storageQuota';
import { storage } from '../src/storage';
import { registeredClient, type TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';

const api = useTestApi();

const CSV = 'Name,Phone\nAda,(212) 555-0142\n';
const uploadList = (client: TestClient) => {
  const form = new FormData();
  form.append('file', new Blob([CSV]), 'leads.csv');
  return client.post('/api/prospect-lists/upload', form);
};
const uploadDocument = (client: TestClient) => {
  const form = new FormData();
  form.append('documents', new Blob(['Opening hours: 9 to 5.']), 'hours.txt');
  return client.post('/api/agent-documents/upload', form);
};

const storedListFiles = () => fs.readdirSync(path.join(config.uploadDir, 'prospect-lists')).length;

/** Lists the account already keeps, without uploading (or parsing) each one. */
async function keepLists(userId: number, count: number) {
  await ProspectList.bulkCreate(
    Array.from({ length: count }, (_, i) => ({
      userId,
      name: `old-${i}.csv`,
      storedFileName: `${randomUUID()}.csv`,
    })),
  );
}

/** A stored document as large as `sizeBytes` says (its row is what the quota counts). */
const keepDocumentBytes = (userId: number, sizeBytes: number) =>
  AgentDocument.create({
    userId,
    originalName: 'archive.pdf',
    storedFileName: `${randomUUID()}.pdf`,
    mimeType: 'application/pdf',
    sizeBytes,
  });

describe('storage quota', () => {
  it(`refuses a list past ${STORAGE_QUOTA.prospectLists} with 409, keeping nothing`, async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    await keepLists(user.id, STORAGE_QUOTA.prospectLists - 1);
    expect((await uploadList(client)).status).toBe(201);

    const filesBefore = storedListFiles();
    const refused = await uploadList(client);
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({
      error:
        'You have 100 prospect lists, the most an account can keep. Delete a list you no longer need, then upload again.',
      code: 'quota_exceeded',
    });
    expect(await ProspectList.count({ where: { userId: user.id } })).toBe(STORAGE_QUOTA.prospectLists);
    expect(storedListFiles()).toBe(filesBefore);
    // Documents are not lists.
    expect((await uploadDocument(client)).status).toBe(201);
  });

  it('counts parallel uploads one after the other', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    await keepLists(user.id, STORAGE_QUOTA.prospectLists - 2);
    const results = await Promise.all(Array.from({ length: 6 }, () => uploadList(client)));
    expect(results.map((res) => res.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await ProspectList.count({ where: { userId: user.id } })).toBe(STORAGE_QUOTA.prospectLists);
  });

  it('refuses an upload that would pass 500 MB with 413, lists and documents alike', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const stored = await storage.write('prospect-list', Readable.from([Buffer.from(CSV)]), '.csv');
    await ProspectList.create({ userId: user.id, name: 'kept.csv', storedFileName: stored.storedFileName });
    await keepDocumentBytes(user.id, STORAGE_QUOTA.bytes - CSV.length - 10);
    expect(await storedByUser(user.id)).toEqual({ bytes: STORAGE_QUOTA.bytes - 10, prospectLists: 1 });

    const message =
      'This upload would take your stored files past 500 MB, the most an account can keep. Delete prospect lists or documents you no longer need, then upload again.';
    for (const res of [await uploadList(client), await uploadDocument(client)]) {
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ error: message, code: 'quota_exceeded' });
    }
    expect(await storedByUser(user.id)).toEqual({ bytes: STORAGE_QUOTA.bytes - 10, prospectLists: 1 });

    // Room again once something is deleted.
    expect(
      (
        await client.request(
          'DELETE',
          `/api/prospect-lists/${(await ProspectList.findOne({ where: { userId: user.id } }))!.id}`,
        )
      ).status,
    ).toBe(200);
    expect((await uploadList(client)).status).toBe(201);
  });
});
