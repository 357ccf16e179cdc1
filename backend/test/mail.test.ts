import { afterAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { config } from '../src/config';
import { sequelize } from '../src/db/sequelize';
import { closeQueues, getQueue } from '../src/queues';
import { mailJobId } from '../src/queues/jobTable';
import { appLink, enqueueMail } from '../src/services/mail';
import { messageIdOf } from '../src/services/mail/send';
import { registeredClient, TestClient, uniqueEmail } from './helpers/client';
import { mailTo, waitForMail } from './helpers/mail';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const api = useTestApi({ admin: true, worker: true });

afterAll(async () => {
  await closeQueues();
});

const jobOf = async (id: string): Promise<Job | undefined> => getQueue('sendMail').getJob(mailJobId(id));

const stateOf = async (id: string) => (await jobOf(id))?.getState();

const testMessage = (id: string, to: string, url = appLink(`/dashboard?m=${id}`)) => ({
  id,
  to,
  template: 'testMessage' as const,
  data: { url, businessName: 'Spring Dental Clinic' },
});

describe('sending mail', () => {
  it('sends a message asked for twice with the same id once, through SMTP, with its links', async () => {
    const to = uniqueEmail('once');
    const id = `test-message:${to}`;
    await enqueueMail(testMessage(id, to.toUpperCase()));
    await enqueueMail(testMessage(id, to));
    const mail = await waitForMail(to);
    await waitFor(async () => (await stateOf(id)) === 'completed', 15_000, 'the send job to complete');

    expect(mail).toMatchObject({
      to: [to],
      // MAIL_FROM's name, quoted on the wire.
      from: `"Ringcast" <no-reply@${new URL(config.publicUrl).hostname}>`,
      subject: 'Ringcast can send email',
      messageId: messageIdOf(id),
      links: [appLink(`/dashboard?m=${id}`)],
      // A message without an unsubscribe link gets no List-Unsubscribe header either.
      listUnsubscribe: null,
    });
    expect(mail.text).toContain(`Open Ringcast: ${appLink(`/dashboard?m=${id}`)}`);
    expect(mail.text).toContain('Sent by Ringcast, for Spring Dental Clinic.');
    expect(mail.html).toContain('Spring Dental Clinic');
    expect(mail.html).not.toContain('Unsubscribe');

    // The job is gone (trimmed, say) and the message is asked for again: the worker remembers it.
    await (await jobOf(id))!.remove();
    await enqueueMail(testMessage(id, to));
    await waitFor(async () => (await stateOf(id)) === 'completed', 15_000, 'the second job to complete');
    expect(await (await jobOf(id))!.returnvalue).toBe('already');
    expect(await mailTo(to)).toHaveLength(1);
  });

  it('queues nothing for a change rolled back, and the message once the change commits', async () => {
    const to = uniqueEmail('tx');
    await sequelize
      .transaction(async (transaction) => {
        await enqueueMail(testMessage(`tx-rolled:${to}`, to), { transaction });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await sequelize.transaction(async (transaction) => {
      await enqueueMail(testMessage(`tx-committed:${to}`, to), { transaction });
      // Not before the commit.
      expect(await jobOf(`tx-committed:${to}`)).toBeUndefined();
    });
    expect(await jobOf(`tx-committed:${to}`)).toBeDefined();
    expect(await jobOf(`tx-rolled:${to}`)).toBeUndefined();
    await waitForMail(to);
  });

  it('retries a message the mail server refuses for now, and fails one it refuses for good at once', async () => {
    // The sandbox answers 451 "try again later" to a defer... address the first time a message comes.
    const deferred = uniqueEmail('defer');
    const deferredId = `deferred:${deferred}`;
    await enqueueMail(testMessage(deferredId, deferred));
    await waitFor(async () => (await stateOf(deferredId)) === 'delayed', 15_000, 'the first attempt to fail');
    const job = (await jobOf(deferredId))!;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toMatch(/451/);
    expect(await mailTo(deferred)).toEqual([]);
    // The backoff's wait (15 s) cut short: the retry goes through.
    await job.promote();
    await waitForMail(deferred);
    await waitFor(async () => (await stateOf(deferredId)) === 'completed', 15_000, 'the retry to complete');

    // A request that mails answers at once whatever the mail server says; the mail follows on retry.
    const { credentials } = await registeredClient(api.baseUrl, { email: uniqueEmail('defer-reset') });
    const asked = await new TestClient(api.baseUrl).post('/api/auth/forgot-password', {
      email: credentials.email,
    });
    expect(asked.status, asked.text).toBe(200);
    const retried = await waitFor(
      async () =>
        (await getQueue('sendMail').getDelayed()).find((queued) =>
          queued.data.to.includes(credentials.email),
        ),
      15_000,
      'the reset mail to wait for its retry',
    );
    await retried.promote();
    await waitForMail(credentials.email, (mail) => mail.subject === 'Reset your Ringcast password');

    const bounced = uniqueEmail('bounce');
    await enqueueMail(testMessage(`bounced:${bounced}`, bounced));
    await waitFor(async () => (await stateOf(`bounced:${bounced}`)) === 'failed', 15_000, 'the bounce');
    const failed = (await jobOf(`bounced:${bounced}`))!;
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/refused the message.*550/);
  });
});

describe('npm run send-test-mail', () => {
  const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const run = (to: string, env: Record<string, string>) =>
    new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'scripts/send-test-mail.ts', '--to', to],
        { cwd: repoRoot, env: { ...process.env, ...env }, timeout: 60_000 },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, output: stdout + stderr }),
      );
    });

  it('sends a message now with these settings, or says what stopped it', async () => {
    const to = uniqueEmail('check');
    const sandbox = { SANDBOX_URL: api.baseUrl, MAIL_SANDBOX_PORT: String(config.mailSandboxPort) };
    const sent = await run(to, sandbox);
    expect(sent, sent.output).toMatchObject({ code: 0 });
    expect(sent.output).toContain(`Sent a test message to ${to} through the mail sandbox`);
    expect((await waitForMail(to)).subject).toBe('Ringcast can send email');

    const bounced = await run(uniqueEmail('bounce'), sandbox);
    expect(bounced.code).toBe(1);
    expect(bounced.output).toMatch(/Could not send through the mail sandbox .*550/);
  }, 120_000);
});

describe('GET /api/admin/sandbox/mail', () => {
  it('shows admins the caught mail, newest first, for one address or all', async () => {
    const to = uniqueEmail('outbox');
    await enqueueMail(testMessage(`outbox-1:${to}`, to));
    await waitForMail(to);
    await enqueueMail(testMessage(`outbox-2:${to}`, to, appLink('/second')));
    await waitForMail(to, (mail) => mail.links.includes(appLink('/second')));

    const res = await api.admin.get(`/api/admin/sandbox/mail?to=${encodeURIComponent(to.toUpperCase())}`);
    expect(res.status, res.text).toBe(200);
    const messages = res.json as unknown as { links: string[]; to: string[]; createdAt: string }[];
    expect(messages.map((mail) => mail.links[0])).toEqual([
      appLink('/second'),
      appLink(`/dashboard?m=outbox-1:${to}`),
    ]);
    expect(messages.every((mail) => mail.to.includes(to))).toBe(true);

    const all = await api.admin.get('/api/admin/sandbox/mail');
    expect(all.status).toBe(200);
    const latest = all.json as unknown as { to: string[] }[];
    expect(latest.length).toBeLessThanOrEqual(100);
    expect(latest[0].to).toEqual([to]);

    expect((await api.admin.get('/api/admin/sandbox/mail?to=not-an-address')).status).toBe(400);
    expect((await api.admin.get('/api/config')).json).toMatchObject({ mailSandbox: true });
  });

  it("pushes each message it keeps to the admins' Outbox tabs, and to no customer", async () => {
    const { client } = await registeredClient(api.baseUrl);
    const {
      events: [toAdmin, toCustomer],
    } = await api.hear('sandboxMail:received', [api.admin, client]);
    const to = uniqueEmail('pushed');
    await enqueueMail(testMessage(`pushed:${to}`, to));
    await waitFor(() => toAdmin!.some((mail) => mail.to.includes(to)), 15_000, 'the push to the admin');
    const [pushed] = toAdmin!.filter((mail) => mail.to.includes(to));
    // The same message the Outbox reads, whole.
    expect(pushed).toEqual((await mailTo(to))[0]);
    expect(toCustomer).toEqual([]);
  });

  it('answers 401 signed out, 403 to a customer, and 404 with a real mail server', async () => {
    expect((await new TestClient(api.baseUrl).get('/api/admin/sandbox/mail')).status).toBe(401);
    const { client } = await registeredClient(api.baseUrl);
    expect((await client.get('/api/admin/sandbox/mail')).status).toBe(403);

    config.sandboxes.mail = false;
    try {
      expect((await client.get('/api/admin/sandbox/mail')).status).toBe(403);
      const res = await api.admin.get('/api/admin/sandbox/mail');
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 'not_found' });
    } finally {
      config.sandboxes.mail = true;
    }
  });
});
