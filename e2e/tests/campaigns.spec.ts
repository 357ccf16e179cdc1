import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { insertCall, markCampaignPaid } from './db';

const campaignCard = (page: Page, name: string) => page.getByRole('article', { name });

async function createDraft(page: Page, data: Record<string, unknown>) {
  const res = await page.request.post('/api/campaigns', { data });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

test('a campaign card: Start refused while unpaid, Pause and Start once paid, then Delete', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns', level: 1 })).toBeVisible();
  await expect(page.getByText('Manage your outbound calling campaigns')).toBeVisible();
  await expect(page.getByText('No campaigns yet. Create your first campaign to get started!')).toBeVisible();

  const campaign = await createDraft(page, {
    name: 'Spring reminders',
    type: 'other',
    customType: 'Win back lapsed clients',
  });
  // The new draft arrives by push, without a reload.
  const card = campaignCard(page, 'Spring reminders');
  await expect(card).toBeVisible();
  await expect(card.locator('[data-status]')).toHaveText('draft');
  for (const text of ['Other', 'Win back lapsed clients', 'Created', '0/8', '0.0%', '$0.00']) {
    await expect(card).toContainText(text);
  }

  await card.getByRole('button', { name: 'View Setup Details' }).click();
  const steps = card.getByRole('list', { name: 'Setup steps' });
  await expect(steps.getByRole('listitem')).toHaveCount(8);
  await expect(steps.getByRole('listitem').first()).toHaveText(/AI Agent\s*Pending/);

  await card.getByRole('button', { name: 'Start' }).click();
  await expectToast(page, 'Error', 'Only a paid campaign can be started or paused.');
  await expect(card.locator('[data-status]')).toHaveText('draft');

  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/campaigns/create?edit=${campaign.id}`);
  await page.goBack();

  await markCampaignPaid(campaign.id);
  await page.reload();
  await expectToast(page, 'Campaign Setup in Progress', 'Our team is working on "Spring reminders".');
  await expect(card.locator('[data-status]')).toHaveText('active');
  await expect(card).toContainText('1/8');
  await expect(card.getByRole('button', { name: 'Edit' })).toBeDisabled();

  await card.getByRole('button', { name: 'Pause' }).click();
  await expectToast(page, 'Campaign Updated', 'Your campaign has been updated successfully.');
  await expect(card.locator('[data-status]')).toHaveText('paused');
  await card.getByRole('button', { name: 'Start' }).click();
  await expect(card.locator('[data-status]')).toHaveText('active');

  // A change made elsewhere (another tab) shows up live.
  expect(
    (await page.request.put(`/api/campaigns/${campaign.id}`, { data: { status: 'paused' } })).status(),
  ).toBe(200);
  await expect(card.locator('[data-status]')).toHaveText('paused');

  page.once('dialog', (dialog) => dialog.dismiss());
  await card.getByRole('button', { name: 'Delete' }).click();
  await expect(card).toBeVisible();

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this campaign?');
    void dialog.accept();
  });
  await card.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Campaign Deleted', 'Your campaign has been deleted successfully.');
  await expect(card).toBeHidden();
  await expect(page.getByText('No campaigns yet. Create your first campaign to get started!')).toBeVisible();
});

test('the dashboard counts the calls of the chosen period', async ({ page }) => {
  await signUp(page, { fullName: 'Grace Hopper' });
  await expect(page.getByRole('heading', { name: 'Welcome back, Grace!' })).toBeVisible();
  await expect(page.getByText('Manage your campaigns')).toBeVisible();
  await expect(page.getByText('No campaigns data available.')).toBeVisible();

  const campaign = await createDraft(page, { name: 'Quote follow-ups', type: 'quote' });
  await insertCall(campaign.id, { daysAgo: 10, successful: true, cost: '0.70' });
  await insertCall(campaign.id, { daysAgo: 10, successful: false, cost: '0.80' });
  await insertCall(campaign.id, { daysAgo: 60, successful: true, cost: '0.80' });
  await insertCall(campaign.id, { daysAgo: 200, successful: false, cost: '0.20' });
  await insertCall(campaign.id, { daysAgo: 400, successful: true, cost: '9.99' });
  await page.reload();

  const total = (name: string) => page.getByRole('group', { name });
  const expectTotal = (name: string, value: string) =>
    expect(total(name)).toHaveText(new RegExp(`^${name}\\s*${value.replace(/[$.]/g, '\\$&')}$`));
  const expectTotals = async (calls: string, successes: string, rate: string, cost: string) => {
    await expectTotal('Total calls made', calls);
    await expectTotal('Successful calls', successes);
    await expectTotal('Success rate', rate);
    await expectTotal('Total cost', cost);
  };
  await expectTotals('2', '1', '50.0%', '$1.50');
  const row = page.getByRole('article', { name: 'Quote follow-ups' });
  await expect(row).toContainText('Get a Quote');
  await expect(row.locator('[data-status]')).toHaveText('draft');
  await expect(page.getByRole('heading', { name: 'Calls over time' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cost per campaign' })).toBeVisible();

  const choosePeriod = async (label: string) => {
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByTitle(label, { exact: true }).click();
  };
  await choosePeriod('Last 90 days');
  await expectTotals('3', '2', '66.7%', '$2.30');
  await choosePeriod('Last year');
  await expectTotals('4', '2', '50.0%', '$2.50');
  await expect(row).toContainText('$2.50');
  await choosePeriod('Last 30 days');
  await expectTotals('2', '1', '50.0%', '$1.50');
});
