import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { createAdminAccount, signInAs } from './admin';
import { runSql } from './db';
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

test('a campaign’s lead alert recipients are saved on its page, and a call’s link opens its drawer', async ({
  page,
}) => {
  // The campaign page loads its charts and live cards: a few seconds on a busy machine.
  test.setTimeout(120_000);
  await signUp(page);
  const created = await page.request.post('/api/campaigns', {
    data: { name: 'Spring reminders', type: 'appointment' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const campaign = (await created.json()) as { id: number };
  const phone = `+1212555${String(Date.now()).slice(-4)}`;
  await runSql(
    `INSERT INTO call_records (campaignId, userId, toNumber, status, outcome, summary, dialedAt, settledAt,
                               createdAt, updatedAt)
     SELECT id, userId, ?, 'completed', 'interested', 'They want a quote for the spring cleaning.',
            UTC_TIMESTAMP(3), UTC_TIMESTAMP(3), UTC_TIMESTAMP(3), UTC_TIMESTAMP(3)
       FROM campaigns WHERE id = ?`,
    [phone, campaign.id],
  );

  await page.goto(`/campaigns/${campaign.id}`);
  await expect(page.getByRole('heading', { name: 'Lead alerts' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Alert recipients')).toBeEnabled();
  await page.locator('.rc-alert-recipients .ant-select').click();
  await page.keyboard.type('front@example.com,');
  await page.keyboard.type('not-an-address,');
  await page.getByRole('button', { name: 'Save recipients' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Each recipient must be a valid email address' }),
  ).toBeVisible();
  await page
    .locator(
      '.rc-alert-recipients .ant-select-selection-item[title="not-an-address"] .ant-select-selection-item-remove',
    )
    .click();
  await page.getByRole('button', { name: 'Save recipients' }).click();
  await expectToast(page, 'Campaign Updated', 'The lead alert recipients are saved.');

  // The link a lead alert carries: the page opens with that call's drawer.
  const { id: callId } = (
    (await (await page.request.get(`/api/campaigns/${campaign.id}/calls`)).json()) as {
      id: number;
    }[]
  )[0]!;
  await page.goto(`/campaigns/${campaign.id}?call=${callId}`);
  await expect(page.getByRole('heading', { name: 'Lead alerts' })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.rc-call-drawer')).toContainText('They want a quote for the spring cleaning.', {
    timeout: 20_000,
  });
  await expect(page.locator('.rc-alert-recipients')).toContainText('front@example.com');
});
