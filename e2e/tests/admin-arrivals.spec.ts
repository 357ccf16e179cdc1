import { expect, test } from '@playwright/test';
import { expectToast } from './helpers';
import { createOwnListDraft } from './checkoutSteps';
import {
  card,
  createDraft,
  openAdminPage,
  openUserPage,
  showAdminTab,
  ADMIN_TEST_TIMEOUT_MS,
} from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

test('a new user, their campaign and their ticket reach the open admin tabs without a reload', async ({
  browser,
}) => {
  const admin = await openAdminPage(browser, 'Users');
  await admin.page.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));

  const newcomer = await openUserPage(browser, 'Nina Newcomer');
  const userRow = admin.page
    .getByRole('list', { name: 'Users' })
    .getByRole('button', { name: /Nina Newcomer/ });
  await expect(userRow.first()).toBeVisible();
  await expect(userRow.first()).toContainText(newcomer.user.email);

  await showAdminTab(admin.page, 'Campaigns');
  const name = `Newcomer campaign ${Date.now()}`;
  await createDraft(newcomer.page.request, { name, type: 'birthday' });
  const campaignCard = card(admin.page, name);
  await expect(campaignCard).toBeVisible();
  await expect(campaignCard).toContainText('Nina Newcomer');
  await expect(campaignCard).toContainText('Send Birthday Message');
  await expect(campaignCard).toContainText('0/8 Complete');
  await expect(campaignCard.locator('[data-status]')).toHaveText('draft');

  // The owner deletes it: it leaves the admin list too.
  expect(
    (await newcomer.page.request.delete(`/api/campaigns/${await campaignId(admin.page, name)}`)).ok(),
  ).toBe(true);
  await expect(campaignCard).toHaveCount(0);

  await showAdminTab(admin.page, 'Support');
  const subject = `Newcomer question ${Date.now()}`;
  const created = await newcomer.page.request.post('/api/support-tickets', {
    data: { subject, message: 'How long does setup usually take?' },
  });
  expect(created.status()).toBe(201);
  const ticket = card(admin.page, subject);
  await expect(ticket).toBeVisible();
  await expect(ticket).toContainText('Nina Newcomer');
  await expect(ticket).toContainText('How long does setup usually take?');
  await expect(ticket.locator('[data-status]')).toHaveText('open');

  expect(
    await admin.page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);
  await admin.context.close();
  await newcomer.context.close();
});

test('a payment appears on the open Payments tab as it is recorded', async ({ browser }) => {
  const admin = await openAdminPage(browser, 'Payments');
  const payer = await openUserPage(browser, 'Paula Payer');
  const name = `Paid campaign ${Date.now()}`;
  const id = await createOwnListDraft(payer.page.request, {
    name,
    type: 'quote',
    monthlyCallVolume: 1000,
    useProvidedNumber: false,
  });
  await payer.page.goto(`/checkout?campaignId=${id}&amount=250`);
  // The sandbox card form comes filled in with the test card that succeeds.
  await payer.page.getByRole('button', { name: /Pay \$800\.00/ }).click();
  await expectToast(payer.page, 'Campaign Activated');

  const row = admin.page
    .getByRole('list', { name: 'Payments' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Paula Payer');
  await expect(row).toContainText(payer.user.email);
  await expect(row).toContainText('$800.00 USD');
  await expect(row.locator('[data-status]')).toHaveText('succeeded');
  await expect(row).toContainText(/pi_\w+/);

  await admin.context.close();
  await payer.context.close();
});

test('the payments tab says when nothing matches', async ({ browser }) => {
  const admin = await openAdminPage(browser, 'Payments');
  await admin.page.getByRole('searchbox', { name: 'Search' }).fill(`nothing-matches-${Date.now()}`);
  await expect(admin.page.getByText('No payments found.')).toBeVisible();
  await expect(admin.page).toHaveURL(/tab=payments&q=nothing-matches-/);
  await admin.context.close();
});

async function campaignId(page: import('@playwright/test').Page, name: string) {
  const res = await page.request.get(`/api/admin/campaigns?q=${encodeURIComponent(name)}`);
  const [row] = (await res.json()) as { id: number }[];
  return row!.id;
}
