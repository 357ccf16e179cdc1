import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Op } from 'sequelize';
import { TOTAL_COUNT_HEADER, type AdminUser } from '@ringcast/shared-types';
import { AuditLog, User } from '../src/db/models';
import { config } from '../src/config';
import { updateUserAsAdmin, LAST_ADMIN } from '../src/services/admin/users';
import { HttpError } from '../src/errors';
import { TestClient, registeredClient, uniqueEmail } from './helpers/client';
import { adminClient } from './helpers/admin';
import { collect, waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';
import { sentinelReached } from './helpers/sentinel';

const api = useTestApi({ admin: true });

const putUser = (client: TestClient, id: number | string, body: unknown) =>
  client.request('PUT', `/api/admin/users/${id}`, body);
const auditRows = (userId: number) =>
  AuditLog.findAll({ where: { entityType: 'user', entityId: String(userId) }, order: [['id', 'ASC']] });
const tag = () => `t${randomBytes(4).toString('hex')}`;
const listUsers = async (query: string) => {
  const res = await api.admin.get(`/api/admin/users?${query}`);
  expect(res.status).toBe(200);
  return { users: res.json as unknown as AdminUser[], total: res.headers.get(TOTAL_COUNT_HEADER) };
};

describe('GET /api/admin/users', () => {
  it('pages newest first with the total, never overlapping', async () => {
    const company = tag();
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { user } = await registeredClient(api.baseUrl, { fullName: `Paula Page${i}` });
      await User.update({ companyName: `${company} Ltd` }, { where: { id: user.id } });
      ids.push(user.id);
    }
    const pages = await Promise.all(
      [1, 2, 3].map((page) => listUsers(`q=${company}&pageSize=2&page=${page}`)),
    );
    expect(pages.map((p) => p.total)).toEqual(['5', '5', '5']);
    expect(pages.map((p) => p.users.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.users.map((u) => u.id))).toEqual([...ids].reverse());
    // Past the end: no rows, the same total.
    expect(await listUsers(`q=${company}&page=4&pageSize=2`)).toEqual({ users: [], total: '5' });
  });

  it('searches first, last and full name, email and company; % and _ are literal', async () => {
    const word = tag();
    const named = await registeredClient(api.baseUrl, { fullName: `Grace ${word}` });
    const mailed = await registeredClient(api.baseUrl, { email: `${word}.mail@example.com` });
    const percent = await registeredClient(api.baseUrl);
    const near = await registeredClient(api.baseUrl);
    await User.update({ companyName: `${word} 100% Growth` }, { where: { id: percent.user.id } });
    await User.update({ companyName: `${word} 1000 Growth` }, { where: { id: near.user.id } });
    const underscored = await registeredClient(api.baseUrl, { fullName: `Uma ${word}_x` });
    const lookalike = await registeredClient(api.baseUrl, { fullName: `Uma ${word}yx` });

    const ids = async (q: string) => (await listUsers(`q=${encodeURIComponent(q)}`)).users.map((u) => u.id);
    expect(await ids(`grace ${word}`)).toEqual([named.user.id]);
    expect(await ids(`${word}.mail@`)).toEqual([mailed.user.id]);
    expect(await ids(`${word} 100%`)).toEqual([percent.user.id]);
    expect(await ids(`${word}_`)).toEqual([underscored.user.id]);
    expect((await ids(word)).sort()).toEqual(
      [named, mailed, percent, near, underscored, lookalike].map((u) => u.user.id).sort(),
    );
    expect(await ids(`${word} nobody`)).toEqual([]);
  });

  it('never shows a password hash, and masks the Twilio token', async () => {
    const { client, user } = await registeredClient(api.baseUrl);
    const saved = await client.request('PUT', '/api/user/profile', {
      twilioAccountSid: `AC${'a1'.repeat(16)}`,
      twilioAuthToken: 'supersecrettoken1234',
      twilioPhoneNumber: '+12125550100',
    });
    expect(saved.status).toBe(200);
    const res = await api.admin.get(`/api/admin/users?q=${encodeURIComponent(user.email)}`);
    expect(res.text).not.toContain('supersecrettoken');
    expect(res.text).not.toMatch(/passwordHash|argon|\$2[aby]\$/);
    expect((res.json as unknown as AdminUser[])[0]).toMatchObject({
      id: user.id,
      twilioAuthToken: expect.stringMatching(/1234$/),
    });
  });
});

describe('PUT /api/admin/users/:userId', () => {
  it('changes the allow-listed fields, audits only what changed, and tells the admins', async () => {
    const { user } = await registeredClient(api.baseUrl, { fullName: 'Carl Client' });
    const adminSocket = await api.openSocket(api.admin);
    const events = collect(adminSocket, 'user:updated');
    const res = await putUser(api.admin, user.id, {
      firstName: ' Carla ',
      companyName: 'Client Co',
      lastName: 'Client',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: user.id,
      firstName: 'Carla',
      lastName: 'Client',
      companyName: 'Client Co',
    });
    expect(await waitFor(() => events.find((u) => u.id === user.id), 5000, 'admin push')).toEqual(res.json);
    const rows = await auditRows(user.id);
    expect(rows.map((r) => [r.action, r.actorEmail, r.before, r.after])).toEqual([
      [
        'user.update',
        api.adminUser.email,
        { firstName: 'Carl', companyName: null },
        { firstName: 'Carla', companyName: 'Client Co' },
      ],
    ]);
  });

  it.each([
    [{ email: 'new@example.com' }, 'email'],
    [{ passwordHash: 'x' }, 'passwordHash'],
    [{ firstName: 'Ok', stripeCustomerId: 'cus_1' }, 'stripeCustomerId'],
    [{ twilioAuthToken: 'x' }, 'twilioAuthToken'],
  ])('refuses %j (a field outside the allow-list) with 400 and saves nothing', async (body, field) => {
    const { user } = await registeredClient(api.baseUrl, { fullName: 'Stay Same' });
    const res = await putUser(api.admin, user.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(`These fields cannot be changed here: ${field}`);
    const stored = await User.findByPk(user.id, { rejectOnEmpty: true });
    expect([stored.firstName, stored.email, stored.stripeCustomerId]).toEqual(['Stay', user.email, null]);
    expect(await auditRows(user.id)).toEqual([]);
  });

  it.each([[{}], [{ isAdmin: 'true' }], [{ firstName: '' }], [{ isAdmin: 1 }]])('%j is 400', async (body) => {
    const { user } = await registeredClient(api.baseUrl);
    expect((await putUser(api.admin, user.id, body)).status).toBe(400);
    expect((await User.findByPk(user.id, { rejectOnEmpty: true })).isAdmin).toBe(false);
  });

  it('an unknown user is 404', async () => {
    expect((await putUser(api.admin, 99_999_999, { firstName: 'X' })).status).toBe(404);
    expect((await putUser(api.admin, 'abc', { firstName: 'X' })).status).toBe(404);
  });

  it('promotes only users of the admin domain', async () => {
    const { user: outside } = await registeredClient(api.baseUrl);
    const refused = await putUser(api.admin, outside.id, { isAdmin: true });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toBe(
      `Only users with an @${config.adminEmailDomain} email can be made admins`,
    );
    expect((await User.findByPk(outside.id, { rejectOnEmpty: true })).isAdmin).toBe(false);

    const email = uniqueEmail('staff').replace('@example.com', `@${config.adminEmailDomain}`);
    const staff = await registeredClient(api.baseUrl, { email });
    const promoted = await putUser(api.admin, staff.user.id, { isAdmin: true });
    expect(promoted.status).toBe(200);
    expect(promoted.json.isAdmin).toBe(true);
    // The promoted user's very next call is an admin's.
    expect((await staff.client.get('/api/admin/users')).status).toBe(200);
    expect((await auditRows(staff.user.id)).map((r) => [r.before, r.after])).toEqual([
      [{ isAdmin: false }, { isAdmin: true }],
    ]);
  });
});

describe('user:updated reaches the admins', () => {
  it('on registration and on profile and Twilio changes; a plain user hears nothing', async () => {
    const watcher = await registeredClient(api.baseUrl);
    const [adminSocket, userSocket] = await Promise.all(
      [api.admin, watcher.client].map((c) => api.openSocket(c)),
    );
    const events = collect(adminSocket, 'user:updated');
    const userEvents = collect(userSocket, 'user:updated');

    const newcomer = await registeredClient(api.baseUrl, { fullName: 'Nina Newcomer' });
    const pushed = await waitFor(
      () => events.find((u) => u.id === newcomer.user.id),
      5000,
      'registration push',
    );
    const listed = (await listUsers(`q=${encodeURIComponent(newcomer.credentials.email)}`)).users[0];
    expect(pushed).toEqual(listed);

    const profileSaved = await newcomer.client.request('PUT', '/api/user/profile', {
      firstName: 'Nina',
      lastName: 'Newcomer',
      email: newcomer.credentials.email,
      companyName: 'Nina Co',
      phoneNumber: '2125550100',
    });
    expect(profileSaved.status).toBe(200);
    await waitFor(
      () => events.find((u) => u.id === newcomer.user.id && u.companyName === 'Nina Co'),
      5000,
      'profile push',
    );
    const sid = `AC${'b2'.repeat(16)}`;
    const twilioSaved = await newcomer.client.request('PUT', '/api/user/profile', {
      twilioAccountSid: sid,
      twilioAuthToken: 'tok-abcdef9876',
      twilioPhoneNumber: '+12125550199',
    });
    expect(twilioSaved.status).toBe(200);
    const twilio = await waitFor(
      () => events.find((u) => u.id === newcomer.user.id && u.twilioAccountSid === sid),
      5000,
      'Twilio push',
    );
    expect(twilio.twilioAuthToken).not.toContain('abcdef');
    await sentinelReached([userSocket]);
    expect(userEvents).toEqual([]);
  });
});

describe('the last admin', () => {
  it('cannot be demoted, and two admins demoting each other at once leave one', async () => {
    // Only this file's admin and the ones made here count for this test; the others step aside.
    const others = await User.findAll({
      where: { isAdmin: true, id: { [Op.ne]: api.adminUser.id } },
      attributes: ['id'],
    });
    await User.update({ isAdmin: false }, { where: { id: others.map((u) => u.id) } });
    try {
      const self = await putUser(api.admin, api.adminUser.id, { isAdmin: false });
      expect(self.status).toBe(409);
      expect(self.json.error).toBe(LAST_ADMIN);
      expect((await User.findByPk(api.adminUser.id, { rejectOnEmpty: true })).isAdmin).toBe(true);

      // An isAdmin user outside the domain is no admin, so it does not count as one remaining.
      await adminClient(api.baseUrl, { domain: 'gmail.com' });
      expect((await putUser(api.admin, api.adminUser.id, { isAdmin: false })).status).toBe(409);

      for (let round = 0; round < 5; round++) {
        const { user: second } = await adminClient(api.baseUrl);
        const first = await User.findByPk(api.adminUser.id, { rejectOnEmpty: true });
        const outcomes = await Promise.allSettled([
          updateUserAsAdmin(first, second.id, { isAdmin: false }),
          updateUserAsAdmin(second, first.id, { isAdmin: false }),
        ]);
        const refused = outcomes.filter((o) => o.status === 'rejected');
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(refused).toHaveLength(1);
        const reason = (refused[0] as PromiseRejectedResult).reason as HttpError;
        expect([reason.status, reason.message]).toEqual([409, LAST_ADMIN]);
        const remaining = await User.findAll({ where: { id: [first.id, second.id], isAdmin: true } });
        expect(remaining).toHaveLength(1);
        // Put this file's admin back for the next round.
        await User.update({ isAdmin: true }, { where: { id: api.adminUser.id } });
        await User.update({ isAdmin: false }, { where: { id: second.id } });
      }
    } finally {
      await User.update({ isAdmin: true }, { where: { id: others.map((u) => u.id) } });
    }
  });
});
