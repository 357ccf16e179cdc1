import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './helpers/client';
import { adminClient } from './helpers/admin';
import { userWithDraft } from './helpers/campaigns';
import { startTestApi } from './helpers/server';

let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: TestClient;
let admin: TestClient;
/** Real ids, so a lenient parse (Number('0x10'), say) would find their record. */
const ids = { campaign: 0, ticket: 0, user: 0 };

beforeAll(async () => {
  api = await startTestApi();
  const draft = await userWithDraft(api.baseUrl);
  owner = draft.client;
  ids.campaign = draft.campaign.id;
  const ticket = await owner.post('/api/support-tickets', { subject: 'Ids', message: 'Which id is mine?' });
  ids.ticket = (ticket.json as { id: number }).id;
  ids.user = draft.user.id;
  admin = (await adminClient(api.baseUrl)).client;
});
afterAll(async () => {
  await api?.close();
});

/** Ways to write an id that Number() accepts but an id is not written, and plain nonsense. */
const malformed = (id: number) => [
  `0x${id.toString(16)}`,
  `${id}.0`,
  `0${id}`,
  `%20${id}`,
  `${id}%20`,
  `+${id}`,
  `${id}e0`,
  '0',
  '-1',
  'abc',
  '99999999999999999999',
];

async function expectEach404(
  client: TestClient,
  method: string,
  route: string,
  id: number,
  body: unknown,
  error: string,
) {
  for (const written of malformed(id)) {
    const res = await client.request(method, route.replace(':id', written), body);
    expect([written, res.status, res.json?.error]).toEqual([written, 404, error]);
  }
}

describe('ids in paths are read one way: anything but a plain id is a 404', () => {
  it("the owner's routes", async () => {
    await expectEach404(
      owner,
      'PUT',
      '/api/campaigns/:id',
      ids.campaign,
      { name: 'x' },
      'Campaign not found',
    );
    await expectEach404(owner, 'DELETE', '/api/campaigns/:id', ids.campaign, undefined, 'Campaign not found');
    await expectEach404(owner, 'DELETE', '/api/prospect-lists/:id', 1, undefined, 'Prospect list not found');
    // The plain id still works.
    expect((await owner.request('PUT', `/api/campaigns/${ids.campaign}`, { name: 'Renamed' })).status).toBe(
      200,
    );
  });

  it("the admin's routes", async () => {
    const { campaign, ticket, user } = ids;
    await expectEach404(
      admin,
      'PUT',
      '/api/admin/campaigns/:id/stats',
      campaign,
      { totalCalls: 1 },
      'Campaign not found',
    );
    await expectEach404(
      admin,
      'PUT',
      '/api/admin/campaigns/:id/setup',
      campaign,
      { setupScriptsReviewed: true },
      'Campaign not found',
    );
    await expectEach404(admin, 'PUT', '/api/admin/users/:id', user, { firstName: 'X' }, 'User not found');
    await expectEach404(
      admin,
      'PUT',
      '/api/admin/support-tickets/:id',
      ticket,
      { status: 'in_progress' },
      'Support ticket not found',
    );
    expect((await admin.request('PUT', `/api/admin/users/${user}`, { firstName: 'Plain' })).status).toBe(200);
  });
});
