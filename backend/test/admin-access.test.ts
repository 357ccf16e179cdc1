import { beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Campaign, DoNotCallImport, ProspectList, SupportTicket, User } from '../src/db/models';
import { adminRouters } from '../src/routes/admin';
import { config } from '../src/config';
import { TestClient } from './helpers/client';
import { adminClient } from './helpers/admin';
import { userWithDraft } from './helpers/campaigns';
import { uploadFile } from './helpers/prospectFiles';
import { uploadDocuments } from './helpers/agentDocuments';
import { useTestApi } from './helpers/server';

const api = useTestApi({ admin: true });
let user: TestClient;
let outsider: TestClient;
let signedOut: TestClient;
/** Each admin route; an admin of the domain gets `expect` (201 for a POST, 200 otherwise, unless said). */
let routes: { method: string; path: string; body?: unknown; expect?: number }[];
let targets: { ticketId: number; campaignId: number; userId: number };

beforeAll(async () => {
  outsider = (await adminClient(api.baseUrl, { domain: 'gmail.com' })).client;
  signedOut = new TestClient(api.baseUrl);
  const owner = await userWithDraft(api.baseUrl);
  user = owner.client;
  const ticket = await SupportTicket.create({
    userId: owner.user.id,
    subject: 'Help',
    message: 'Please look at my campaign.',
  });
  const list = await uploadFile(owner.client, 'leads.csv', 'Phone\n2125550100\n');
  const docs = await uploadDocuments(owner.client, [['notes.txt', 'Our opening hours are 9 to 5.']]);
  const storedList = await ProspectList.findByPk((list.json.prospectList as { id: number }).id, {
    rejectOnEmpty: true,
  });
  const storedDoc = (docs.json.files as { filename: string }[])[0]!.filename;
  // A platform list's import, as an admin's large upload leaves it (scope 0: the platform list).
  const platformImport = await DoNotCallImport.create({
    userId: null,
    scope: 0,
    createdByUserId: owner.user.id,
    fileName: 'platform.csv',
    storedFileName: 'platform-import.csv',
    linesRead: 20_000,
  });
  targets = { ticketId: ticket.id, campaignId: owner.campaign.id, userId: owner.user.id };
  // Every request is one an admin may make, so a route that forgot its check would answer 2xx.
  routes = [
    { method: 'GET', path: '/api/admin/overview' },
    { method: 'GET', path: '/api/admin/quality' },
    { method: 'GET', path: '/api/admin/users' },
    { method: 'PUT', path: `/api/admin/users/${owner.user.id}`, body: { companyName: 'Changed Inc' } },
    { method: 'GET', path: '/api/admin/campaigns' },
    {
      method: 'PUT',
      path: `/api/admin/campaigns/${owner.campaign.id}/stats`,
      body: { totalCalls: 10, successfulCalls: 5, totalCost: 8 },
    },
    {
      method: 'PUT',
      path: `/api/admin/campaigns/${owner.campaign.id}/setup`,
      body: { setupScriptsReviewed: true },
    },
    { method: 'GET', path: '/api/admin/payments' },
    { method: 'GET', path: '/api/admin/invoices' },
    { method: 'GET', path: '/api/admin/support-tickets' },
    { method: 'PUT', path: `/api/admin/support-tickets/${ticket.id}`, body: { status: 'in_progress' } },
    { method: 'GET', path: `/api/admin/download/prospect-list/${storedList.storedFileName}` },
    { method: 'GET', path: `/api/admin/download/agent-document/${storedDoc}` },
    { method: 'GET', path: '/api/admin/audit-log' },
    { method: 'GET', path: `/api/admin/campaigns/${owner.campaign.id}/calls` },
    {
      method: 'POST',
      path: `/api/admin/campaigns/${owner.campaign.id}/prospect-list`,
      body: purchasedList(),
    },
    { method: 'GET', path: '/api/admin/do-not-call' },
    { method: 'POST', path: '/api/admin/do-not-call', body: { phoneNumber: '212 555 0177' } },
    { method: 'POST', path: '/api/admin/do-not-call/upload', body: purchasedList(), expect: 200 },
    { method: 'DELETE', path: '/api/admin/do-not-call/%2B12125550177', expect: 204 },
    { method: 'GET', path: `/api/admin/do-not-call/imports/${platformImport.id}` },
    { method: 'GET', path: '/api/admin/queues' },
    { method: 'GET', path: '/api/admin/sandbox/mail' },
    // The owner has no Stripe customer yet: an admin is let in and told so (409).
    {
      method: 'POST',
      path: '/api/admin/sandbox/billing-clock',
      body: { userId: owner.user.id, days: 1 },
      expect: 409,
    },
  ];
});

/** A purchased list as the team uploads it (multipart). */
function purchasedList() {
  const form = new FormData();
  form.append('file', new Blob(['Phone\n2125550123\n']), 'purchased.csv');
  return form;
}

const send = (client: TestClient, route: (typeof routes)[number]) =>
  client.request(route.method, route.path, route.body);

describe('every admin route checks the caller itself', () => {
  it('covers every /api/admin route there is', () => {
    const registered = adminRouters
      .flatMap((router) =>
        router.stack.flatMap((layer) =>
          layer.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${layer.path}`),
        ),
      )
      .sort();
    const tested = routes
      .map((route) => {
        const match = registered.find((entry) => {
          const [method, pattern] = entry.split(' ');
          const regex = new RegExp(`^${pattern!.replace(/:[^/]+/g, '[^/]+')}$`);
          return method === route.method && regex.test(route.path);
        });
        return match ?? `untested ${route.method} ${route.path}`;
      })
      .sort();
    expect([...new Set(tested)]).toEqual(registered);
  });

  it('signed out 401, non-admin 403, isAdmin outside the domain 403, with the messages; nothing changes', async () => {
    const auditRowsBefore = await AuditLog.count();
    for (const route of routes) {
      const anonymous = await send(signedOut, route);
      expect(anonymous.status, `${route.method} ${route.path} signed out`).toBe(401);
      const plain = await send(user, route);
      expect(plain.status, `${route.method} ${route.path} as a user`).toBe(403);
      expect(plain.json.error).toBe(`Admin access required - only ${config.adminEmailDomain} users allowed.`);
      const foreign = await send(outsider, route);
      expect(foreign.status, `${route.method} ${route.path} as an admin outside the domain`).toBe(403);
      expect(foreign.json.error).toBe(`Admin access restricted to ${config.adminEmailDomain} users.`);
      // No file bytes, no rows: only the error.
      expect(foreign.headers.get('content-disposition')).toBeNull();
    }
    expect(await AuditLog.count()).toBe(auditRowsBefore);
    const campaign = await Campaign.findByPk(targets.campaignId, { rejectOnEmpty: true });
    expect([campaign.totalCalls, campaign.setupScriptsReviewed]).toEqual([0, false]);
    expect((await SupportTicket.findByPk(targets.ticketId, { rejectOnEmpty: true })).status).toBe('open');
    expect((await User.findByPk(targets.userId, { rejectOnEmpty: true })).companyName).toBeNull();
  });

  it('an admin of the domain gets each of them', async () => {
    for (const route of routes) {
      const res = await send(api.admin, route);
      expect(res.status, `${route.method} ${route.path}: ${res.text}`).toBe(
        route.expect ?? (route.method === 'POST' ? 201 : 200),
      );
    }
  });

  it('an admin who loses the flag is refused on the very next call', async () => {
    const { client, user: demoted } = await adminClient(api.baseUrl);
    expect((await client.get('/api/admin/users')).status).toBe(200);
    await User.update({ isAdmin: false }, { where: { id: demoted.id } });
    expect((await client.get('/api/admin/users')).status).toBe(403);
  });
});

describe('GET /api/config', () => {
  it('tells anyone the admin email domain, the demo video and sandbox mode, cacheable for a minute', async () => {
    const res = await signedOut.get('/api/config');
    expect(res.status).toBe(200);
    // The test run has no provider keys: every provider is on its sandbox.
    expect(res.json).toEqual({
      adminEmailDomain: config.adminEmailDomain,
      demoVideoUrl: null,
      sandbox: true,
      mailSandbox: true,
    });
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('names the demo video when DEMO_VIDEO_URL is set', async () => {
    const unset = config.demoVideoUrl;
    config.demoVideoUrl = 'https://videos.example/ringcast-demo';
    try {
      const res = await signedOut.get('/api/config');
      expect(res.json).toMatchObject({ demoVideoUrl: 'https://videos.example/ringcast-demo' });
    } finally {
      config.demoVideoUrl = unset;
    }
  });
});
