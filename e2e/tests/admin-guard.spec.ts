import { expect, test } from '@playwright/test';
import { expectToast, signUp, uniqueEmail } from './helpers';
import { signInAsAdmin } from './admin';
import { openAdminPage, ADMIN_TEST_TIMEOUT_MS } from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

test('a signed-in user who is not an admin is turned away from /admin', async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const adminReads: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/admin/')) adminReads.push(req.url());
  });

  await page.goto('/admin');
  await expectToast(
    page,
    'Unauthorized',
    'Admin access required - only ringcast.test users allowed. Redirecting...',
  );
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();
  expect(adminReads).toEqual([]);
});

test("an admin outside the admin domain gets 'Unauthorized Domain'", async ({ page }) => {
  // An admin who then moves to an address outside the admin domain keeps the flag, not the access.
  await signInAsAdmin(page.request);
  const moved = await page.request.put('/api/user/profile', {
    data: {
      firstName: 'Ada',
      lastName: 'Elsewhere',
      email: uniqueEmail('moved'),
      companyName: 'Elsewhere Inc',
      phoneNumber: '+1 212 555 0100',
    },
  });
  expect(moved.ok(), await moved.text()).toBe(true);

  await page.goto('/');
  await page.getByRole('link', { name: 'Admin' }).click();
  await expectToast(
    page,
    'Unauthorized Domain',
    'Admin access restricted to ringcast.test users. Redirecting...',
  );
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page).toHaveURL('/');
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});

test('an admin sees the overview: totals, recent campaigns, alerts and a healthy system', async ({
  browser,
}) => {
  const { page: ownerPage, context: ownerContext } = await (async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUp(page, { fullName: 'Olive Overview' });
    return { page, context };
  })();
  const { page, context } = await openAdminPage(browser);
  await expect(page).toHaveTitle('Admin | Ringcast');
  for (const tab of ['Overview', 'Users', 'Campaigns', 'Payments', 'Support'])
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
  for (const total of ['Total Users', 'Total Calls', 'Total Revenue', 'Success Rate'])
    await expect(page.getByRole('group', { name: total })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Total Revenue' })).toContainText(/\$[\d,]+\.\d\d/);
  await expect(page.getByRole('group', { name: 'Success Rate' })).toContainText(/\d+\.\d%/);
  await expect(page.getByRole('group', { name: 'System Status' })).toContainText('Healthy');
  const openTickets = page.getByRole('group', { name: 'Open tickets' });
  const before = Number((await openTickets.locator('dd').textContent()) ?? 'NaN');

  // A campaign and a ticket made elsewhere move the figures without a reload.
  const name = `Overview campaign ${Date.now()}`;
  expect((await ownerPage.request.post('/api/campaigns', { data: { name, type: 'quote' } })).status()).toBe(
    201,
  );
  const recent = page.getByRole('region', { name: 'Recent Campaigns' });
  await expect(recent).toContainText(name);
  await expect(recent.locator('li').filter({ hasText: name })).toContainText('Olive Overview');
  expect(await recent.locator('li').count()).toBeLessThanOrEqual(5);
  const ticket = await ownerPage.request.post('/api/support-tickets', {
    data: { subject: 'Overview ticket', message: 'Counting the open tickets live.' },
  });
  expect(ticket.status()).toBe(201);
  await expect(openTickets.locator('dd')).toHaveText(String(before + 1));
  await context.close();
  await ownerContext.close();
});
