import { expect, test } from '@playwright/test';
import { expectToast } from './helpers';
import { card, openSetupTracking, ADMIN_TEST_TIMEOUT_MS, draftForOwnerAndAdmin } from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

test("an admin saves a campaign's statistics; the owner sees them live", async ({ browser }) => {
  const name = `Stats campaign ${Date.now()}`;
  const { owner, admin } = await draftForOwnerAndAdmin(browser, 'Stan Stats', { name, type: 'retention' });
  const ownerCard = card(owner.page, name);
  await expect(ownerCard).toContainText('$0.00');
  const dialog = await openSetupTracking(admin.page, name);
  const stats = dialog.getByRole('form', { name: 'Campaign statistics' });
  await expect(stats.getByLabel('Total Calls')).toHaveValue('0');
  await expect(stats.getByLabel('Successful Calls')).toHaveValue('0');
  await expect(stats.getByLabel('Total Cost')).toHaveValue('0.00');
  await expect(stats.getByLabel('Total Cost')).toHaveAttribute('step', '0.01');

  // More successes than calls: the server refuses, with its message.
  await stats.getByLabel('Total Calls').fill('3');
  await stats.getByLabel('Successful Calls').fill('5');
  await stats.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin.page, 'Error', 'Successful calls cannot exceed total calls');

  await stats.getByLabel('Total Calls').fill('120');
  await stats.getByLabel('Successful Calls').fill('45');
  await stats.getByLabel('Total Cost').fill('96.5');
  await stats.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin.page, 'Campaign Stats Updated');
  await expect(stats.getByLabel('Total Cost')).toHaveValue('96.50');

  const adminCard = card(admin.page, name);
  for (const text of ['120', '45', '37.5%', '$96.50']) {
    await expect(adminCard).toContainText(text);
    await expect(ownerCard).toContainText(text);
  }

  // An empty field counts as 0.
  await stats.getByLabel('Successful Calls').fill('');
  await stats.getByRole('button', { name: 'Save' }).click();
  await expect(ownerCard).toContainText('0.0%');
  await expect(stats.getByLabel('Successful Calls')).toHaveValue('0');

  // Signed out meanwhile: the spec's 'Unauthorized' and a trip to the login page.
  await admin.context.clearCookies();
  await stats.getByLabel('Total Calls').fill('121');
  await stats.getByRole('button', { name: 'Save' }).click();
  await expectToast(admin.page, 'Unauthorized', 'You are logged out. Logging in again...');
  await expect(admin.page).toHaveURL('/login');

  await admin.context.close();
  await owner.context.close();
});
