import { expect, test } from '@playwright/test';
import { expectToast } from './helpers';
import {
  adminSearch,
  card,
  openAdminPage,
  openSetupTracking,
  openUserPage,
  ADMIN_TEST_TIMEOUT_MS,
  draftForOwnerAndAdmin,
} from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

test("an admin's setup toggle shows on the owner's /campaigns within a second", async ({ browser }) => {
  const name = `Setup live ${Date.now()}`;
  const { owner, admin } = await draftForOwnerAndAdmin(browser, 'Owen Owner', { name, type: 'appointment' });
  const ownerCount = card(owner.page, name).locator('.rc-setup-count');
  await expect(ownerCount).toHaveText('0/8');
  const adminCard = card(admin.page, name);
  await expect(adminCard).toContainText('0/8 Complete');
  await expect(adminCard).toContainText('Owen Owner');
  const dialog = await openSetupTracking(admin.page, name);
  await expect(dialog.getByRole('switch')).toHaveCount(8);
  for (const label of [
    'AI Agent',
    'Scripts',
    'Prospects',
    'Phone',
    'Twilio',
    'Compliance',
    'Payment',
    'Testing',
  ])
    await expect(dialog.getByRole('switch', { name: label, exact: true })).not.toBeChecked();

  await dialog.getByRole('switch', { name: 'Scripts', exact: true }).click();
  // Measured from the click: the other browser has one second to show it.
  await expect(ownerCount).toHaveText('1/8', { timeout: 1000 });
  await expectToast(admin.page, 'Setup Updated');
  await expect(dialog.getByRole('switch', { name: 'Scripts', exact: true })).toBeChecked();
  await expect(dialog).toContainText('1/8 Complete');
  await expect(adminCard).toContainText('1/8 Complete');

  await dialog.getByRole('switch', { name: 'AI Agent', exact: true }).click();
  await expect(ownerCount).toHaveText('2/8', { timeout: 1000 });
  await dialog.getByRole('switch', { name: 'Scripts', exact: true }).click();
  await expect(ownerCount).toHaveText('1/8', { timeout: 1000 });
  await expect(dialog.getByRole('switch', { name: 'Scripts', exact: true })).not.toBeChecked();

  // The open dialog follows changes made elsewhere (another admin's tab).
  const campaigns = (await (
    await admin.page.request.get(`/api/admin/campaigns?q=${encodeURIComponent(name)}`)
  ).json()) as {
    id: number;
  }[];
  expect(
    (
      await admin.page.request.put(`/api/admin/campaigns/${campaigns[0]!.id}/setup`, {
        data: { setupTestingCompleted: true },
      })
    ).ok(),
  ).toBe(true);
  await expect(dialog.getByRole('switch', { name: 'Testing', exact: true })).toBeChecked();
  await expect(ownerCount).toHaveText('2/8');

  await admin.context.close();
  await owner.context.close();
});

test("an admin's answer to a ticket shows on the user's /help without a reload", async ({ browser }) => {
  const user = await openUserPage(browser, 'Tess Ticket');
  await user.page.goto('/help');
  const subject = `Cannot see my calls ${Date.now()}`;
  const form = user.page.getByRole('form', { name: 'Contact support' });
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill('The dashboard shows no calls since Monday.');
  await form.getByRole('button', { name: 'Send' }).click();
  const userCard = card(user.page, subject);
  await expect(userCard.locator('[data-status]')).toHaveText('open');

  const admin = await openAdminPage(browser, 'Support');
  await adminSearch(admin.page, subject);
  const ticket = card(admin.page, subject);
  await expect(ticket).toContainText('Tess Ticket');
  await expect(ticket).toContainText(user.user.email);
  await expect(ticket).toContainText('The dashboard shows no calls since Monday.');
  await expect(ticket.getByRole('button', { name: 'Mark In Progress' })).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Mark Resolved' })).toBeVisible();
  await expect(ticket.getByRole('button', { name: 'Close Ticket' })).toHaveCount(0);

  await ticket.getByLabel('Response').fill('We are re-importing your call records now.');
  await ticket.getByRole('button', { name: 'Mark In Progress' }).click();
  await expectToast(admin.page, 'Ticket Updated');
  await expect(ticket.locator('[data-status]')).toHaveText('in progress');
  await expect(userCard.locator('[data-status]')).toHaveText('in progress');
  await expect(userCard).toContainText('Admin Response');
  await expect(userCard).toContainText('We are re-importing your call records now.');

  // The saved answer stays in the box; Resolve sends it again with the new status.
  await expect(ticket.getByLabel('Response')).toHaveValue('We are re-importing your call records now.');
  await ticket.getByLabel('Response').fill('Fixed: your calls are back on the dashboard.');
  await ticket.getByRole('button', { name: 'Mark Resolved' }).click();
  await expect(userCard.locator('[data-status]')).toHaveText('resolved');
  await expect(userCard).toContainText('Fixed: your calls are back on the dashboard.');
  await expect(ticket.getByRole('button', { name: 'Mark In Progress' })).toHaveCount(0);
  await expect(ticket.getByRole('button', { name: 'Mark Resolved' })).toHaveCount(0);

  await ticket.getByRole('button', { name: 'Close Ticket' }).click();
  await expect(ticket).toHaveCount(0);
  await expect(userCard.locator('[data-status]')).toHaveText('closed');

  await admin.context.close();
  await user.context.close();
});
