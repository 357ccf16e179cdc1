import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { createAdminAccount, signInAs } from './admin';
import { expectToast, signUp } from './helpers';

interface SandboxMail {
  subject: string;
  text: string;
  links: string[];
}

/** The mail to `to` with this subject, read from the mail sandbox as an admin reads it. */
async function mailTo(admin: APIRequestContext, to: string, subject: string): Promise<SandboxMail> {
  let found: SandboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/admin/sandbox/mail?to=${encodeURIComponent(to)}`);
        found = ((await res.json()) as SandboxMail[]).find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

test('notifications: the account page saves the choices; a ticket answer is mailed and its unsubscribe link works signed out', async ({
  page,
  baseURL,
}) => {
  // Making the admin who answers the ticket and reads the mail sandbox runs a script (a few seconds).
  test.setTimeout(90_000);
  const user = await signUp(page, { fullName: 'Nora Notified' });

  await page.goto('/account');
  const section = page.locator('section.rc-notifications');
  await expect(section.getByRole('radio', { name: 'An email for each call' })).toBeChecked();
  await section.getByRole('radio', { name: 'One daily digest at 8:00' }).check();
  await expect(section.getByLabel('Time zone')).toBeVisible();
  await section.getByRole('button', { name: 'Save notifications' }).click();
  await expectToast(page, 'Notifications Saved');
  await page.reload();
  await expect(section.getByRole('radio', { name: 'One daily digest at 8:00' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: /A support ticket is answered/ })).toBeChecked();

  // Our team answers a ticket: the owner gets the answer by email, with an unsubscribe link.
  const subject = `Invoice copy ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/support-tickets', {
    data: { subject, message: 'Could you send me a copy of my last invoice?' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticket = (await created.json()) as { id: number };
  const admin = await apiRequest.newContext({ baseURL });
  await signInAs(admin, createAdminAccount());
  const answered = await admin.put(`/api/admin/support-tickets/${ticket.id}`, {
    data: { status: 'resolved', adminResponse: 'Sent to your inbox just now.' },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const mail = await mailTo(admin, user.email, `Re: ${subject}`);
  await admin.dispose();
  expect(mail.text).toContain('Sent to your inbox just now.');
  const unsubscribe = mail.links.find((url) => url.includes('/unsubscribe?token='));
  expect(unsubscribe, JSON.stringify(mail.links)).toBeTruthy();

  // Opened on a phone that is not signed in: no sign-in asked, the kind of mail turned off.
  await page.context().clearCookies();
  await page.goto(unsubscribe!);
  await expect(page.getByText('You will no longer get support ticket emails.')).toBeVisible();

  // Signing in again from a private page comes back to it; the account page shows the change.
  await page.goto('/account');
  await expect(page).toHaveURL('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/account');
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('checkbox', { name: /A support ticket is answered/ }),
  ).not.toBeChecked();
});
