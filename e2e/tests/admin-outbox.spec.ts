import { expect, test } from '@playwright/test';
import { uniqueEmail } from './helpers';
import { ADMIN_TEST_TIMEOUT_MS, openAdminPage } from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

test('the Outbox tab shows what the mail sandbox caught: the message to an address, its HTML and its links', async ({
  browser,
  request,
}) => {
  // An email the product sends: a password reset link (the worker sends it over SMTP to the sandbox).
  const email = uniqueEmail('outbox');
  const signUp = await request.post('/api/register', {
    data: { fullName: 'Olive Outbox', email, password: 'secret123' },
  });
  expect(signUp.status()).toBe(201);
  expect((await request.post('/api/auth/forgot-password', { data: { email } })).status()).toBe(200);

  const { page, context } = await openAdminPage(browser, 'Outbox');
  await page.getByRole('searchbox', { name: 'Search' }).fill(email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email).replace(/\./g, '\\.')}`));
  const outbox = page.getByRole('table');
  const row = outbox.getByRole('row', { name: /Reset your Ringcast password/ });
  // Pushed to the tab: the message shows once the worker has sent it, without a reload.
  await expect(row).toContainText(email, { timeout: 20_000 });
  await row.click();

  const drawer = page.getByRole('dialog', { name: 'Reset your Ringcast password' });
  await expect(drawer).toContainText(email);
  // The HTML in a frame that may run nothing.
  const frame = drawer.locator('iframe');
  await expect(frame).toHaveAttribute('sandbox', '');
  await expect(page.frameLocator('.rc-outbox-frame').getByRole('link').first()).toBeVisible();
  const link = drawer.getByRole('region', { name: 'Links' }).getByRole('link').first();
  await expect(link).toHaveAttribute('href', /\/reset-password\?token=/);
  await drawer.getByText('Text', { exact: true }).click();
  await expect(drawer.locator('pre')).toContainText('/reset-password?token=');
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/admin-outbox.png`, fullPage: true });
  await context.close();
});
