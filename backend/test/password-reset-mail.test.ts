import { describe, expect, it } from 'vitest';
import type { SandboxMail } from '@ringcast/shared-types';
import { config } from '../src/config';
import { TestClient, registeredClient, uniqueEmail } from './helpers/client';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

/**
 * Password reset end to end: the worker sends each email through SMTP to the mail sandbox, read
 * back as an admin reads it (GET /api/admin/sandbox/mail).
 */
const api = useTestApi({ admin: true, worker: true });
const RESET_SUBJECT = 'Reset your Ringcast password';
const CHANGED_SUBJECT = 'Your Ringcast password was changed';

async function mailTo(address: string): Promise<SandboxMail[]> {
  const res = await api.admin.get(`/api/admin/sandbox/mail?to=${encodeURIComponent(address)}`);
  expect(res.status, res.text).toBe(200);
  return res.json as unknown as SandboxMail[];
}

/** Waits until `count` mails with the subject reached the address, and returns them, newest first. */
async function waitForMail(address: string, subject: string, count = 1): Promise<SandboxMail[]> {
  return waitFor(
    async () => {
      const found = (await mailTo(address)).filter((mail) => mail.subject === subject);
      return found.length >= count && found;
    },
    20_000,
    `${count} "${subject}" mail(s) to ${address}`,
  );
}

const resetLinkOf = (mail: SandboxMail) => {
  const link = mail.links.find((url) => url.startsWith(`${config.publicUrl}/reset-password?token=`));
  expect(link, mail.links.join(', ')).toBeTruthy();
  return new URL(link!).searchParams.get('token')!;
};

describe('password reset through the mail sandbox', () => {
  it('mails a link to an account, nothing to an unknown address, and each message once', async () => {
    const { credentials } = await registeredClient(api.baseUrl);
    const nobody = uniqueEmail('nobody');
    const visitor = new TestClient(api.baseUrl);
    expect((await visitor.post('/api/auth/forgot-password', { email: nobody })).status).toBe(200);
    expect((await visitor.post('/api/auth/forgot-password', { email: credentials.email })).status).toBe(200);

    const [mail] = await waitForMail(credentials.email, RESET_SUBJECT);
    expect(mail.to).toEqual([credentials.email]);
    const token = resetLinkOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.html).toContain(`href="${config.publicUrl}/reset-password?token=${token}"`);
    expect(mail.text).toContain('60 minutes');
    // A security message: no unsubscribe link.
    expect(`${mail.text}${mail.html}`).not.toMatch(/unsubscribe/i);
    // Asked first, and still nothing: the unknown address gets no mail.
    expect(await mailTo(nobody)).toEqual([]);

    // A second request is a second link; neither message is sent twice.
    expect((await visitor.post('/api/auth/forgot-password', { email: credentials.email })).status).toBe(200);
    const both = await waitForMail(credentials.email, RESET_SUBJECT, 2);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const settled = (await mailTo(credentials.email)).filter((m) => m.subject === RESET_SUBJECT);
    expect(settled).toHaveLength(2);
    expect(new Set(both.map(resetLinkOf)).size).toBe(2);
  });

  it("the emailed link sets the password once, signs in, ends the user's other sessions and mails a notice", async () => {
    const { client: before, credentials, user } = await registeredClient(api.baseUrl);
    const browser = new TestClient(api.baseUrl);
    await browser.post('/api/auth/forgot-password', { email: credentials.email });
    const [mail] = await waitForMail(credentials.email, RESET_SUBJECT);
    const token = resetLinkOf(mail);

    const body = { token, password: 'emailed-new-pass', confirmPassword: 'emailed-new-pass' };
    const res = await browser.post('/api/auth/reset-password', body);
    expect(res.status, res.text).toBe(200);
    expect((await browser.get('/api/auth/user')).json.id).toBe(user.id);
    expect((await before.get('/api/auth/user')).status).toBe(401);
    expect((await new TestClient(api.baseUrl).post('/api/auth/reset-password', body)).status).toBe(400);

    const [notice] = await waitForMail(credentials.email, CHANGED_SUBJECT);
    expect(notice.text).toContain('every other browser signed in to it was signed out');
    expect(notice.links).toContain(`${config.publicUrl}/login`);
    expect(`${notice.text}${notice.html}`).not.toMatch(/unsubscribe/i);
  });
});
