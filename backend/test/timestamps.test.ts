import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryTypes } from 'sequelize';
import type { Campaign, SupportTicket } from '@ringcast/shared-types';
import { sequelize } from '../src/db/sequelize';
import { registeredClient, type TestClient } from './helpers/client';
import { DRAFT } from './helpers/campaigns';
import { startTestApi } from './helpers/server';

let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  owner = (await registeredClient(api.baseUrl)).client;
});
afterAll(async () => {
  await api?.close();
});

describe('times keep their milliseconds', () => {
  it('every date-time column of every table is DATETIME(3)', async () => {
    const columns = await sequelize.query<{ table: string; column: string; precision: number }>(
      `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS \`column\`, DATETIME_PRECISION AS \`precision\`
         FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = DATABASE() AND DATA_TYPE IN ('datetime', 'timestamp')`,
      { type: QueryTypes.SELECT },
    );
    expect(columns.length).toBeGreaterThanOrEqual(20);
    expect(columns.filter((c) => Number(c.precision) !== 3)).toEqual([]);
  });

  it('a campaign is answered as it is stored, without reading it back', async () => {
    const created = (await owner.post('/api/campaigns', DRAFT)).json as unknown as Campaign;
    expect(created.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const listed = async (id: number) =>
      ((await owner.get('/api/campaigns')).json as unknown as Campaign[]).find((c) => c.id === id);
    expect(await listed(created.id)).toEqual(created);

    const renamed = (await owner.request('PUT', `/api/campaigns/${created.id}`, { name: 'Renamed' }))
      .json as unknown as Campaign;
    expect(Date.parse(renamed.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    expect(await listed(created.id)).toEqual(renamed);
  });

  it('a support ticket too', async () => {
    const created = (
      await owner.post('/api/support-tickets', { subject: 'Times', message: 'Milliseconds, please.' })
    ).json as unknown as SupportTicket;
    const listed = (await owner.get('/api/support-tickets')).json as unknown as SupportTicket[];
    expect(listed.find((t) => t.id === created.id)).toEqual(created);
  });
});
