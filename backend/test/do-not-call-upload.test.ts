import { afterEach, describe, expect, it } from 'vitest';
import {
  DO_NOT_CALL_SYNC_MAX_ROWS,
  doNotCallListFullMessage,
  type CampaignProspectEntry,
  type DoNotCallImport as DoNotCallImportDto,
} from '@ringcast/shared-types';
import { config } from '../src/config';
import { sequelize } from '../src/db/sequelize';
import { AuditLog, Campaign, DoNotCallImport, DoNotCallNumber } from '../src/db/models';
import { seedCampaignProspects } from '../src/services/calls/dispatch';
import { runDoNotCallImport } from '../src/services/doNotCallImport';
import { storage } from '../src/storage';
import { adminClient } from './helpers/admin';
import { registeredClient, type TestClient } from './helpers/client';
import { dialableCampaign } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { doNotCallCsv, doNotCallNumber, doNotCallNumbers } from './helpers/doNotCallFiles';

const campaignIds: number[] = [];
const defaultCap = config.doNotCallMaxNumbers;
const api = useDialerStack({
  beforeClose: async () =>
    campaignIds.length && Campaign.update({ status: 'completed' }, { where: { id: campaignIds } }),
});

afterEach(() => {
  config.doNotCallMaxNumbers = defaultCap;
});

/** The upload as the browser sends it, with the answer's headers. */
async function upload(client: TestClient, rows: readonly string[], path = '/api/do-not-call/upload') {
  const form = new FormData();
  form.append('file', new Blob([doNotCallCsv(rows)]), 'opt-outs.csv');
  const res = await fetch(`${client.baseUrl}${path}`, {
    method: 'POST',
    headers: { Cookie: client.cookieHeader! },
    body: form,
  });
  return {
    status: res.status,
    location: res.headers.get('Location'),
    json: (await res.json()) as Record<string, unknown>,
  };
}

/** Every statement the database is sent while `run` runs (this process is the api). */
async function statementsDuring<T>(run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  sequelize.addHook('afterQuery', 'countStatements', (_options, query) => {
    statements.push(String((query as { sql?: string }).sql ?? ''));
  });
  try {
    return { result: await run(), statements };
  } finally {
    sequelize.removeHook('afterQuery', 'countStatements');
  }
}

const listed = (scope: number) => DoNotCallNumber.count({ where: { scope } });

describe('a do-not-call upload of up to 10,000 rows', () => {
  it('is added in the request in a few statements, counted, and its prospects skipped', async () => {
    const numbers = doNotCallNumbers(9_990);
    const made = await dialableCampaign(api.baseUrl, {
      numbers: [numbers[42], numbers[9_000], '+12127450991'],
      directList: true,
    });
    campaignIds.push(made.campaign.id);
    await seedCampaignProspects(made.campaign.id);
    const before = (await Campaign.findByPk(made.campaign.id))!.prospectsRemaining;
    const already = ['+13127450001', '+13127450002', '+13127450003', '+13127450004', '+13127450005'];
    for (const phoneNumber of already)
      expect((await made.client.post('/api/do-not-call', { phoneNumber })).status).toBe(201);
    const rows = [...numbers, ...already, 'no number', '555-01', '', 'x', '12'];
    expect(rows.length).toBe(DO_NOT_CALL_SYNC_MAX_ROWS);

    const started = Date.now();
    const { result: res, statements } = await statementsDuring(() => upload(made.client, rows));
    const elapsed = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ added: 9_990, alreadyPresent: 5, invalid: 5 });
    // Two statements per number before: 20,000 and more. Now one insert and one read per 2,000.
    expect(statements.length).toBeLessThan(30);
    expect(statements.filter((sql) => sql.startsWith('INSERT IGNORE INTO do_not_call_numbers'))).toHaveLength(
      5,
    );
    // Loose: the machine is shared; the bench prints the real figure.
    expect(elapsed).toBeLessThan(10_000);
    expect(await listed(made.user.id)).toBe(9_995);

    const skipped = await made.client.get(`/api/campaigns/${made.campaign.id}/prospects?state=skipped`);
    expect(
      (skipped.json as unknown as CampaignProspectEntry[]).map((p) => [p.phoneNumber, p.reason]).sort(),
    ).toEqual([
      [numbers[42], 'do_not_call'],
      [numbers[9_000], 'do_not_call'],
    ]);
    expect((await Campaign.findByPk(made.campaign.id))!.prospectsRemaining).toBe(before - 2);
  });
});

describe('a larger upload', () => {
  it('answers 202 with its import, which only its owner reads, and the worker completes', async () => {
    const owner = await registeredClient(api.baseUrl);
    const rows = [...doNotCallNumbers(DO_NOT_CALL_SYNC_MAX_ROWS), 'not a number'];
    const res = await upload(owner.client, rows);
    expect(res.status).toBe(202);
    const accepted = res.json.import as DoNotCallImportDto;
    expect(accepted).toMatchObject({
      status: 'queued',
      fileName: 'opt-outs.csv',
      linesRead: 10_001,
      processed: 0,
      added: 0,
    });
    expect(res.location).toBe(`/api/do-not-call/imports/${accepted.id}`);
    // Nothing was added in the request.
    expect(await listed(owner.user.id)).toBe(0);

    const read = await owner.client.get(res.location!);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: accepted.id, status: 'queued' });
    const stranger = await registeredClient(api.baseUrl);
    expect((await stranger.client.get(res.location!)).status).toBe(404);
    const { client: admin } = await adminClient(api.baseUrl);
    expect((await admin.get(`/api/admin/do-not-call/imports/${accepted.id}`)).status).toBe(404);
    expect((await owner.client.get('/api/do-not-call/imports/abc')).status).toBe(404);

    // What the worker's job runs (worker/src/jobs/importDoNotCallNumbers.test.ts runs the job).
    expect(await runDoNotCallImport(accepted.id)).toMatchObject({ outcome: 'completed', added: 10_000 });
    const done = await owner.client.get(res.location!);
    expect(done.json).toMatchObject({
      status: 'completed',
      linesRead: 10_001,
      processed: 10_001,
      added: 10_000,
      alreadyPresent: 0,
      invalid: 1,
      errorMessage: null,
    });
    expect(await listed(owner.user.id)).toBe(10_000);
  });

  it('to the platform list is the admins’: read through the admin route only', async () => {
    const { client: admin } = await adminClient(api.baseUrl);
    const rows = doNotCallNumbers(DO_NOT_CALL_SYNC_MAX_ROWS + 1, 200_000);
    const res = await upload(admin, rows, '/api/admin/do-not-call/upload');
    expect(res.status).toBe(202);
    const id = (res.json.import as DoNotCallImportDto).id;
    expect(res.location).toBe(`/api/admin/do-not-call/imports/${id}`);
    expect((await admin.get(res.location!)).json).toMatchObject({ id, status: 'queued' });
    const customer = await registeredClient(api.baseUrl);
    expect((await customer.client.get(`/api/do-not-call/imports/${id}`)).status).toBe(404);
    expect((await customer.client.get(res.location!)).status).toBe(403);
    // Not run here: its file is removed with it.
    const found = (await DoNotCallImport.findByPk(id))!;
    await storage.remove('do-not-call-list', found.storedFileName);
    await found.destroy();
  });
});

describe('the platform list’s upload in the request', () => {
  it('adds, audits one row per new number and is not capped', async () => {
    config.doNotCallMaxNumbers = 1;
    const { client: admin } = await adminClient(api.baseUrl);
    const numbers = doNotCallNumbers(3, 300_000 + Math.floor(Math.random() * 9_000));
    const res = await upload(admin, [...numbers, numbers[0]], '/api/admin/do-not-call/upload');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ added: 3, alreadyPresent: 0, invalid: 0 });
    expect(await AuditLog.count({ where: { action: 'doNotCall.add', entityId: numbers } })).toBe(3);
    const again = await upload(admin, numbers, '/api/admin/do-not-call/upload');
    expect(again.json).toEqual({ added: 0, alreadyPresent: 3, invalid: 0 });
    expect(await AuditLog.count({ where: { action: 'doNotCall.add', entityId: numbers } })).toBe(3);
  });
});

describe('the cap of numbers on a customer’s list', () => {
  it('refuses (409) a number, a small upload and a large upload past it, adding nothing', async () => {
    config.doNotCallMaxNumbers = 10_005;
    const message = doNotCallListFullMessage(10_005);
    const owner = await registeredClient(api.baseUrl);
    await DoNotCallNumber.bulkCreate(
      doNotCallNumbers(10_003, 500_000).map((phoneNumber) => ({
        userId: owner.user.id,
        scope: owner.user.id,
        phoneNumber,
        source: 'manual' as const,
      })),
    );

    // A small upload of 3 new numbers would make 10,006: refused, none added.
    const small = await upload(owner.client, [...doNotCallNumbers(3, 600_000), doNotCallNumber(500_000)]);
    expect(small.status).toBe(409);
    expect(small.json).toEqual({ error: message, code: 'quota_exceeded' });
    expect(await listed(owner.user.id)).toBe(10_003);
    // Two fit.
    expect((await upload(owner.client, doNotCallNumbers(2, 600_000))).json).toEqual({
      added: 2,
      alreadyPresent: 0,
      invalid: 0,
    });
    // Full: one more number is refused, one already listed is not.
    const one = await owner.client.post('/api/do-not-call', { phoneNumber: doNotCallNumber(700_000) });
    expect(one.status).toBe(409);
    expect(one.json.error).toBe(message);
    expect(
      (await owner.client.post('/api/do-not-call', { phoneNumber: doNotCallNumber(600_000) })).status,
    ).toBe(200);
    // A large upload is checked against its rows before anything is kept.
    config.doNotCallMaxNumbers = 20_000;
    const large = await upload(owner.client, doNotCallNumbers(10_001, 800_000));
    expect(large.status).toBe(409);
    expect(large.json.error).toBe(doNotCallListFullMessage(20_000));
    expect(await DoNotCallImport.count({ where: { scope: owner.user.id } })).toBe(0);
    expect(await listed(owner.user.id)).toBe(10_005);
  });
});
