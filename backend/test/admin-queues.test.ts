import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient } from './helpers/admin';
import { registeredClient, TestClient } from './helpers/client';
import { startTestApi } from './helpers/server';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('/admin/queues (bull-board)', () => {
  it('is for admins only', async () => {
    expect((await new TestClient(api.baseUrl).get('/admin/queues')).status).toBe(401);
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get('/admin/queues')).status).toBe(403);
    expect((await client.get('/admin/queues/api/queues')).status).toBe(403);
  });

  it('shows every queue to an admin', async () => {
    const { client } = await adminClient(api.baseUrl);
    const page = await client.get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/html/);
    const queues = await client.get('/admin/queues/api/queues');
    expect(queues.status).toBe(200);
    const names = (queues.json as unknown as { queues: { name: string }[] }).queues.map((q) => q.name);
    expect(names).toEqual(expect.arrayContaining(['placeCall', 'applyCallEvent', 'dispatchCalls']));
  });
});
