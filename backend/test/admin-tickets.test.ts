import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER, type AdminSupportTicket, type TicketStatus } from '@ringcast/shared-types';
import { AuditLog, SupportTicket } from '../src/db/models';
import { sequelize } from '../src/db/sequelize';
import { recordAudit } from '../src/services/auditLog';
import { registeredClient } from './helpers/client';
import { useTestApi } from './helpers/server';

const api = useTestApi({ admin: true });

const MESSAGE = 'Something needs looking at, please.';
const putTicket = (id: number, body: unknown) =>
  api.admin.request('PUT', `/api/admin/support-tickets/${id}`, body);
const auditRows = (ticketId: number) =>
  AuditLog.findAll({ where: { entityType: 'ticket', entityId: String(ticketId) }, order: [['id', 'ASC']] });
const tag = () => `t${randomBytes(4).toString('hex')}`;
async function ticketIn(status: TicketStatus, subject = 'Help needed') {
  const { user } = await registeredClient(api.baseUrl);
  return SupportTicket.create({ userId: user.id, subject, message: MESSAGE, status });
}

describe('admin ticket changes are audited', () => {
  it('each allowed move writes who, what and the changed fields; a refused one writes nothing', async () => {
    const ticket = await ticketIn('open');
    expect((await putTicket(ticket.id, { status: 'in_progress', adminResponse: 'On it.' })).status).toBe(200);
    expect((await putTicket(ticket.id, { status: 'closed', adminResponse: 'Too early' })).status).toBe(409);
    expect((await putTicket(ticket.id, { status: 'resolved' })).status).toBe(200);
    expect((await putTicket(ticket.id, { status: 'closed' })).status).toBe(200);
    expect((await putTicket(ticket.id, { status: 'resolved' })).status).toBe(409);

    const rows = await auditRows(ticket.id);
    expect(rows.map((r) => [r.action, r.actorUserId, r.actorEmail, r.before, r.after])).toEqual([
      [
        'ticket.update',
        api.adminUser.id,
        api.adminUser.email,
        { status: 'open', adminResponse: null },
        { status: 'in_progress', adminResponse: 'On it.' },
      ],
      [
        'ticket.update',
        api.adminUser.id,
        api.adminUser.email,
        { status: 'in_progress' },
        { status: 'resolved' },
      ],
      ['ticket.update', api.adminUser.id, api.adminUser.email, { status: 'resolved' }, { status: 'closed' }],
    ]);
    expect(rows.every((r) => r.createdAt instanceof Date)).toBe(true);
  });

  it('an audit row written in a transaction that rolls back is gone with it', async () => {
    const entityId = tag();
    await expect(
      sequelize.transaction(async (transaction) => {
        await recordAudit(
          {
            actor: api.adminUser,
            action: 'user.update',
            entityType: 'user',
            entityId,
            before: { a: 1 },
            after: { a: 2 },
          },
          transaction,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await AuditLog.count({ where: { entityId } })).toBe(0);
  });
});

describe('GET /api/admin/support-tickets', () => {
  it('pages the non-closed tickets newest first with the total', async () => {
    const subject = tag();
    const made = [];
    for (const status of ['open', 'closed', 'in_progress', 'resolved', 'closed', 'open'] as const) {
      made.push(await ticketIn(status, `${subject} ${status}`));
    }
    const visible = made
      .filter((t) => t.status !== 'closed')
      .map((t) => t.id)
      .reverse();
    const page1 = await api.admin.get(`/api/admin/support-tickets?q=${subject}&pageSize=3`);
    const page2 = await api.admin.get(`/api/admin/support-tickets?q=${subject}&pageSize=3&page=2`);
    expect([page1.headers.get(TOTAL_COUNT_HEADER), page2.headers.get(TOTAL_COUNT_HEADER)]).toEqual([
      '4',
      '4',
    ]);
    const ids = [
      ...(page1.json as unknown as AdminSupportTicket[]),
      ...(page2.json as unknown as AdminSupportTicket[]),
    ].map((t) => t.id);
    expect(ids).toEqual(visible);
  });

  it("searches the subject and the owner's name and email", async () => {
    const word = tag();
    const bySubject = await ticketIn('open', `Invoice ${word} missing`);
    const owner = await registeredClient(api.baseUrl, { fullName: `Rita ${word}` });
    const byName = await SupportTicket.create({ userId: owner.user.id, subject: 'Calls', message: MESSAGE });
    const ids = async (q: string) =>
      (
        (await api.admin.get(`/api/admin/support-tickets?q=${encodeURIComponent(q)}`))
          .json as unknown as AdminSupportTicket[]
      ).map((t) => t.id);
    expect(await ids(word)).toEqual([byName.id, bySubject.id]);
    expect(await ids(`rita ${word}`)).toEqual([byName.id]);
    expect(await ids(owner.credentials.email)).toEqual([byName.id]);
    const [row] = (
      await api.admin.get(`/api/admin/support-tickets?q=${encodeURIComponent(owner.credentials.email)}`)
    ).json as unknown as AdminSupportTicket[];
    expect(row).toMatchObject({
      firstName: 'Rita',
      lastName: word,
      email: owner.credentials.email,
      status: 'open',
    });
  });
});
