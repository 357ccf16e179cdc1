import { expect, test, type Locator } from '@playwright/test';
import { runSql } from './db';
import {
  ADMIN_TEST_TIMEOUT_MS,
  adminSearch,
  card,
  createDraft,
  openAdminPage,
  openUserPage,
} from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

/** Which of the bar's eight segments are filled, left to right. */
const filledSegments = (bar: Locator) =>
  bar.locator('span').evaluateAll((segments) => segments.map((s) => s.classList.contains('done')));

test("setup progress fills from the left on the owner's and the admin's cards, and names the steps done", async ({
  browser,
}) => {
  const owner = await openUserPage(browser);
  const name = `Left to right ${Date.now()}`;
  const { id } = await createDraft(owner.page.request, { name, type: 'quote' });
  // The last two steps done, as payment and testing would leave them.
  await runSql('UPDATE campaigns SET setupPaymentProcessed = 1, setupTestingCompleted = 1 WHERE id = ?', [
    id,
  ]);

  await owner.page.goto('/campaigns');
  const ownerCard = card(owner.page, name);
  await expect(ownerCard.locator('.rc-setup-count')).toHaveText('2/8');
  const ownerBar = ownerCard.getByRole('progressbar', { name: 'Setup progress' });
  await expect(ownerBar).toHaveAttribute('aria-valuetext', '2 of 8 setup steps complete');
  expect(await filledSegments(ownerBar)).toEqual([true, true, false, false, false, false, false, false]);
  await ownerBar.hover();
  const legend = owner.page.getByRole('list', { name: 'Setup steps done' });
  await expect(legend.getByRole('listitem')).toHaveCount(8);
  await expect(legend).toContainText('Payment: Complete');
  await expect(legend).toContainText('Testing: Complete');
  await expect(legend).toContainText('AI Agent: Pending');

  const admin = await openAdminPage(browser, 'Campaigns');
  await adminSearch(admin.page, name);
  const adminCard = card(admin.page, name);
  await expect(adminCard).toContainText('2/8 Complete');
  const adminBar = adminCard.getByRole('progressbar', { name: 'Setup progress' });
  expect(await filledSegments(adminBar)).toEqual([true, true, false, false, false, false, false, false]);
  await adminBar.hover();
  await expect(admin.page.getByRole('list', { name: 'Setup steps done' })).toContainText('Payment: Complete');
});
