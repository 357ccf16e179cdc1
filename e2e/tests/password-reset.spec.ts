import { expect, request as apiRequest, test, type APIRequestContext } from '@playwright/test';
import { createAdminAccount, signInAs } from './admin';
import { expectToast, signUp } from './helpers';

/** E2E_SHOTS=<dir> keeps pictures of the forgot-password form and the reset page. */
const SHOTS = process.env.E2E_SHOTS;

interface SandboxMail {
  to: string[];
  subject: string;
  links: string[];
}

/** The newest mail to `to` with this subject, read from the mail sandbox as an admin reads it. */
async function mailTo(admin: APIRequestContext, to: string, subject: string): Promise<SandboxMail> {
  let found: SandboxMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await admin.get(`/api/admin/sandbox/mail?to=${encodeURIComponent(to)}`);
        expect(res.status(), await res.text()).toBe(200);
        found = ((await res.json()) as SandboxMail[]).find((mail) => mail.subject === subject);
        return Boolean(found);
      },
      { timeout: 20_000, message: `a mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

test('forgot password: the emailed link sets a new password, signs in, and signs the other browser out', async ({
  page,
  baseURL,
  browser,
}) => {
  // Making the admin who reads the mail sandbox runs a script (a few seconds).
  test.setTimeout(90_000);
  const user = await signUp(page, { fullName: 'Grace Hopper' });
  // Another browser signed in to the same account before the reset.
  const other = await browser.newContext();
  expect((await other.request.post('/api/login', { data: user })).status()).toBe(200);
  await page.context().clearCookies();

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  // The form starts from the email typed on Sign In.
  await expect(page.getByLabel('Email')).toHaveValue(user.email);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password.png` });
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('If an account exists for that email, we sent a link.')).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/forgot-password-sent.png` });

  const admin = await apiRequest.newContext({ baseURL });
  await signInAs(admin, createAdminAccount());
  const mail = await mailTo(admin, user.email, 'Reset your Ringcast password');
  const link = mail.links.find((url) => url.includes('/reset-password?token='));
  expect(link, JSON.stringify(mail.links)).toBeTruthy();
  await admin.dispose();

  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-password.png` });

  await page.getByLabel('New Password').fill('a-new-secret');
  await page.getByLabel('Confirm Password').fill('a-new-secret');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expectToast(page, 'Password changed');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();

  expect((await other.request.get('/api/auth/user')).status()).toBe(401);
  await other.close();

  // The link worked once.
  await page.goto(link!);
  await page.getByLabel('New Password').fill('third-secret');
  await page.getByLabel('Confirm Password').fill('third-secret');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This reset link has already been used.' }),
  ).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reset-password-used.png` });
});
