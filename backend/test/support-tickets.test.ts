import { describe, expect, it } from 'vitest';
import type { SupportTicket as SupportTicketDto, TicketStatus } from '@ringcast/shared-types';
import { TestClient, registeredClient } from './helpers/client';
import { adminClient } from './helpers/admin';
import { waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';
import { sentinelReached } from './helpers/sentinel';
import { SupportTicket } from '../src/db/models';

const api = useTestApi({ admin: true });

const TICKET = { subject: 'Calls not starting', message: 'My campaign has not placed any calls yet.' };
const adminPut = (client: TestClient, id: number | string, body: unknown) =>
  client.request('PUT', `/api/admin/support-tickets/${id}`, body);

async function ticketIn(status: TicketStatus) {
  const { user } = await registeredClient(api.baseUrl);
  return SupportTicket.create({ userId: user.id, ...TICKET, status });
}

describe('user tickets', () => {
  it.each([
    [{ subject: '', message: TICKET.message }, 'subject', 'Subject is required'],
    [
      { subject: 'x'.repeat(201), message: TICKET.message },
      'subject',
      'Subject must be at most 200 characters',
    ],
    [{ subject: 'Help', message: 'too short' }, 'message', 'Message must be at least 10 characters'],
    [{ subject: 'Help' }, 'message', 'Message must be at least 10 characters'],
  ])('POST %j: 400 on %s', async (body, field, message) => {
    const { client } = await registeredClient(api.baseUrl);
    const res = await client.post('/api/support-tickets', body);
    expect(res.status).toBe(400);
    expect(res.json.fields?.[field]).toBe(message);
  });

  it('signed out: 401 for both calls', async () => {
    const anonymous = new TestClient(api.baseUrl);
    expect((await anonymous.get('/api/support-tickets')).status).toBe(401);
    expect((await anonymous.post('/api/support-tickets', TICKET)).status).toBe(401);
  });

  it('creates an open ticket, lists it newest first, and shows only your own', async () => {
    const alice = await registeredClient(api.baseUrl);
    const bob = await registeredClient(api.baseUrl);
    const first = await alice.client.post('/api/support-tickets', {
      subject: '  First ',
      message: TICKET.message,
      status: 'closed',
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({
      subject: 'First',
      message: TICKET.message,
      status: 'open',
      adminResponse: null,
      userId: alice.user.id,
    });
    const second = await alice.client.post('/api/support-tickets', {
      subject: 'Second',
      message: TICKET.message,
    });
    await bob.client.post('/api/support-tickets', { subject: 'Bob', message: TICKET.message });

    const list = await alice.client.get('/api/support-tickets');
    expect(list.status).toBe(200);
    const tickets = list.json as unknown as SupportTicketDto[];
    expect(tickets.map((t) => t.id)).toEqual([second.json.id, first.json.id]);
    expect(tickets[1]).toEqual(first.json);
  });

  it("the owner's socket (and an admin's) hear of a new ticket; another user's does not", async () => {
    const owner = await registeredClient(api.baseUrl);
    const other = await registeredClient(api.baseUrl);
    const {
      sockets: [, otherSocket],
      events: [ownerEvents, otherEvents, adminEvents],
    } = await api.hear('ticket:updated', [owner.client, other.client, api.admin]);

    const res = await owner.client.post('/api/support-tickets', TICKET);
    const id = res.json.id as number;
    expect(await waitFor(() => ownerEvents.find((t) => t.id === id), 5000, 'owner push')).toEqual(res.json);
    expect(await waitFor(() => adminEvents.find((t) => t.id === id), 5000, 'admin push')).toEqual(res.json);

    const update = await adminPut(api.admin, id, {
      status: 'in_progress',
      adminResponse: 'Looking into it.',
    });
    expect(update.status).toBe(200);
    expect(update.json).toMatchObject({ status: 'in_progress', adminResponse: 'Looking into it.' });
    const changed = await waitFor(
      () => ownerEvents.find((t) => t.id === id && t.status === 'in_progress'),
      5000,
      'owner push of the change',
    );
    expect(changed).toEqual(update.json);
    await sentinelReached([otherSocket]);
    expect(otherEvents).toEqual([]);
  });
});

describe('admin routes', () => {
  it('signed out 401, non-admin 403, isAdmin outside the admin domain 403', async () => {
    const ticket = await ticketIn('open');
    const { client: user } = await registeredClient(api.baseUrl);
    const { client: outsider } = await adminClient(api.baseUrl, { domain: 'gmail.com' });
    for (const [client, status] of [
      [new TestClient(api.baseUrl), 401],
      [user, 403],
      [outsider, 403],
    ] as const) {
      expect((await client.get('/api/admin/support-tickets')).status).toBe(status);
      expect((await adminPut(client, ticket.id, { status: 'resolved' })).status).toBe(status);
    }
    expect((await ticket.reload()).status).toBe('open');
  });

  it('lists every non-closed ticket newest first, with its owner', async () => {
    const open = await ticketIn('resolved');
    const closed = await ticketIn('closed');
    const res = await api.admin.get('/api/admin/support-tickets');
    expect(res.status).toBe(200);
    const rows = res.json as unknown as (SupportTicketDto & { email: string; firstName: string })[];
    const ids = rows.map((t) => t.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(closed.id);
    expect(rows.every((t) => t.status !== 'closed')).toBe(true);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(rows.find((t) => t.id === open.id)).toMatchObject({
      firstName: 'Test',
      email: expect.stringMatching(/@example\.com$/),
    });
  });

  it.each([
    ['open', 'in_progress'],
    ['open', 'resolved'],
    ['in_progress', 'in_progress'],
    ['in_progress', 'resolved'],
    ['resolved', 'closed'],
  ] as const)('allows %s -> %s and saves the response with it', async (from, to) => {
    const ticket = await ticketIn(from);
    const res = await adminPut(api.admin, ticket.id, { status: to, adminResponse: `Now ${to}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: ticket.id, status: to, adminResponse: `Now ${to}` });
    await ticket.reload();
    expect([ticket.status, ticket.adminResponse]).toEqual([to, `Now ${to}`]);
  });

  it.each([
    ['open', 'closed', 'Only a resolved ticket can be closed.'],
    ['in_progress', 'closed', 'Only a resolved ticket can be closed.'],
    ['open', 'open', 'A ticket cannot be moved back to open.'],
    ['in_progress', 'open', 'A ticket cannot be moved back to open.'],
    ['resolved', 'in_progress', 'This ticket is resolved; it can only be closed.'],
    ['resolved', 'resolved', 'This ticket is resolved; it can only be closed.'],
    ['resolved', 'open', 'A ticket cannot be moved back to open.'],
    ['closed', 'in_progress', 'This ticket is closed and can no longer be changed.'],
    ['closed', 'resolved', 'This ticket is closed and can no longer be changed.'],
    ['closed', 'closed', 'This ticket is closed and can no longer be changed.'],
    ['closed', 'open', 'This ticket is closed and can no longer be changed.'],
  ] as const)('refuses %s -> %s with 409', async (from, to, message) => {
    const ticket = await ticketIn(from);
    const res = await adminPut(api.admin, ticket.id, { status: to, adminResponse: 'Should not be saved' });
    expect(res.status).toBe(409);
    expect(res.json.error).toBe(message);
    await ticket.reload();
    expect([ticket.status, ticket.adminResponse]).toEqual([from, null]);
  });

  it('a blank or missing response keeps the saved one', async () => {
    const ticket = await ticketIn('open');
    await adminPut(api.admin, ticket.id, { status: 'in_progress', adminResponse: 'On it.' });
    expect(
      (await adminPut(api.admin, ticket.id, { status: 'resolved', adminResponse: '  ' })).json.adminResponse,
    ).toBe('On it.');
    expect((await adminPut(api.admin, ticket.id, { status: 'closed' })).json).toMatchObject({
      status: 'closed',
      adminResponse: 'On it.',
    });
  });

  it('an unknown status 400, an unknown ticket 404', async () => {
    const ticket = await ticketIn('open');
    const bad = await adminPut(api.admin, ticket.id, { status: 'done' });
    expect(bad.status).toBe(400);
    expect(bad.json.fields?.status).toBe('Status must be one of: open, in_progress, resolved, closed');
    expect((await adminPut(api.admin, 99_999_999, { status: 'resolved' })).status).toBe(404);
    expect((await adminPut(api.admin, 'abc', { status: 'resolved' })).status).toBe(404);
  });
});
