import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { insertCall, markCampaignPaid, runSql } from './db';

const campaignCard = (page: Page, name: string) => page.getByRole('article', { name });

async function createDraft(page: Page, data: Record<string, unknown>) {
  const res = await page.request.post('/api/campaigns', { data });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

test('a campaign card: Pay & Launch while unpaid, Pause and Start once paid; only a draft is deleted', async ({
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

  // Unpaid, its main button pays for it; there is no Start to refuse.
  await expect(card.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Pay & Launch' }).click();
  await expect(page).toHaveURL(`/checkout?campaignId=${campaign.id}&amount=250`);
  await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await page.goBack();

  await card.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(`/campaigns/create?edit=${campaign.id}`);
  await page.goBack();

  await markCampaignPaid(campaign.id);
  await page.reload();
  await expectToast(page, 'Campaign Setup in Progress', 'Our team is working on "Spring reminders".');
  await expect(card.locator('[data-status]')).toHaveText('active');
  await expect(card).toContainText('1/8');
  await expect(card.getByRole('button', { name: 'Edit agent' })).toBeEnabled();
  await expect(card.getByRole('button', { name: 'Pay & Launch' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Pause' }).click();
  await expectToast(page, 'Campaign Updated', 'Your campaign has been updated successfully.');
  await expect(card.locator('[data-status]')).toHaveText('paused');
  // Named by its word alone: the icon is decorative, not "play-circle Start".
  await card.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(card.locator('[data-status]')).toHaveText('active');

  // A change made elsewhere (another tab) shows up live.
  expect(
    (await page.request.put(`/api/campaigns/${campaign.id}`, { data: { status: 'paused' } })).status(),
  ).toBe(200);
  await expect(card.locator('[data-status]')).toHaveText('paused');

  // A paid campaign is paused, never deleted: its Delete is off and says why.
  const paidDelete = card.getByRole('button', { name: 'Delete' });
  await expect(paidDelete).toBeDisabled();
  await paidDelete.hover({ force: true });
  await expect(page.getByRole('tooltip')).toHaveText(
    'Only a draft or canceled campaign can be deleted. Pause or cancel it to stop its calls; its call records and payments stay.',
  );

  // A draft is deleted, though not while its test call is still on the line.
  const draft = await createDraft(page, { name: 'Autumn recall', type: 'quote' });
  const draftCard = campaignCard(page, 'Autumn recall');
  await expect(draftCard).toBeVisible();
  await runSql(
    `INSERT INTO call_records (campaignId, userId, toNumber, status, test, dialedAt, createdAt, updatedAt)
     SELECT id, userId, '+12125550188', 'in_progress', 1, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3), UTC_TIMESTAMP(3)
       FROM campaigns WHERE id = ?`,
    [draft.id],
  );

  page.once('dialog', (dialog) => dialog.dismiss());
  await draftCard.getByRole('button', { name: 'Delete' }).click();
  await expect(draftCard).toBeVisible();

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe('Are you sure you want to delete this campaign?');
    void dialog.accept();
  });
  await draftCard.getByRole('button', { name: 'Delete' }).click();
  const refused = await expectToast(page, 'Error');
  await expect(refused.locator('.rc-toast-description')).toHaveText(
    'A test call of this campaign is still in progress. Try again when it ends.',
  );
  await expect(draftCard).toBeVisible();

  await runSql(
    "UPDATE call_records SET status = 'completed', endedAt = UTC_TIMESTAMP(3), settledAt = UTC_TIMESTAMP(3) WHERE campaignId = ?",
    [draft.id],
  );
  page.once('dialog', (dialog) => void dialog.accept());
  await draftCard.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Campaign Deleted', 'Your campaign has been deleted successfully.');
  await expect(draftCard).toBeHidden();
  await expect(card).toBeVisible();
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

test("Export CSV downloads the owner's campaign results", async ({ page }) => {
  await signUp(page);
  const campaign = await createDraft(page, { name: 'Spring checkups', type: 'appointment' });
  await markCampaignPaid(campaign.id);
  await runSql(
    'UPDATE campaigns SET totalCalls = 120, successfulCalls = 45, totalCost = 96.50 WHERE id = ?',
    [campaign.id],
  );
  await page.goto('/campaigns');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('campaign-results.csv');
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text).toContain(
    'Campaign,Status,Type,Created,Total calls,Successful calls,Success rate,Total cost (USD)',
  );
  expect(text).toMatch(/Spring checkups,active,Book Appointment,[\d-]+,120,45,37\.5%,96\.50,/);
});

test('dashboard: drafts are not started, empty charts say so, cost labels stay apart at 390 px', async ({
  page,
}) => {
  await signUp(page);
  const names = ['Spring checkups', 'Tiny test', 'Open day invites', 'Autumn recall list'];
  const ids: number[] = [];
  for (const name of names) ids.push((await createDraft(page, { name, type: 'quote' })).id);
  await markCampaignPaid(ids[0]);
  await page.reload();

  const row = (name: string) => page.getByRole('article', { name });
  await expect(row('Tiny test')).toContainText('Not started');
  await expect(row('Tiny test')).not.toContainText('Started');
  await expect(row('Spring checkups')).toContainText(/Started [A-Z][a-z]{2} \d+, \d{4}/);
  // No call yet: each chart says so instead of drawing empty axes.
  const callsChart = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Calls over time' }) });
  const costChart = page
    .locator('.ant-card')
    .filter({ has: page.getByRole('heading', { name: 'Cost per campaign' }) });
  await expect(callsChart).toContainText('No calls in this period yet.');
  await expect(costChart).toContainText('No costs in this period yet.');
  await expect(callsChart.locator('.recharts-wrapper')).toHaveCount(0);
  await expect(costChart.locator('.recharts-wrapper')).toHaveCount(0);

  for (const [index, id] of ids.entries()) {
    await insertCall(id, { daysAgo: 2, successful: index % 2 === 0, cost: `${index + 1}.25` });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(callsChart.locator('.recharts-wrapper')).toBeVisible();
  const labels = costChart.locator('.recharts-yAxis-tick-labels text');
  await expect(labels).toHaveCount(names.length);
  const boxes = await labels.evaluateAll((els) =>
    els.map((el) => {
      const { left, right, top, bottom } = (
        el as unknown as { getBoundingClientRect(): Record<'left' | 'right' | 'top' | 'bottom', number> }
      ).getBoundingClientRect();
      return { left, right, top, bottom };
    }),
  );
  const card = (await costChart.boundingBox())!;
  for (const [i, a] of boxes.entries()) {
    expect(a.left, `label ${i} inside the card`).toBeGreaterThanOrEqual(card.x);
    for (const b of boxes.slice(i + 1)) {
      const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      expect(overlap, `labels ${JSON.stringify(a)} and ${JSON.stringify(b)}`).toBe(false);
    }
  }
});

test('the dashboard asks for its data while its code is still loading', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page);
  // A fresh browser with the session: nothing cached, as on a first visit.
  const cold = await browser.newContext({ storageState: await context.storageState() });
  const coldPage = await cold.newPage();
  // The page's code chunk is held back until its data has been asked for: before, the read only
  // left once that code had arrived, so this waited in vain.
  let releaseChunk = () => {};
  const chunkHeld = new Promise<void>((resolve) => (releaseChunk = resolve));
  await coldPage.route(/\/assets\/DashboardPage-[^/]+\.js$/, async (route) => {
    await chunkHeld;
    await route.continue();
  });
  const dataAsked = coldPage.waitForRequest('**/api/dashboard?days=30', { timeout: 10_000 });
  await coldPage.goto('/', { waitUntil: 'commit' });
  await dataAsked;
  releaseChunk();
  await expect(coldPage.getByRole('group', { name: 'Total calls made' })).toBeVisible();
  // The page takes the read over: one request, not two.
  const reads = await coldPage.evaluate(
    () => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/dashboard')).length,
  );
  expect(reads).toBe(1);
  await cold.close();
  await context.close();
});

test('the setup-progress toast shows once for a campaign, and only on the list', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  const campaign = await createDraft(page, { name: 'Once only', type: 'quote' });
  await markCampaignPaid(campaign.id);
  await page.goto('/campaigns');
  await expectToast(page, 'Campaign Setup in Progress', 'Our team is working on "Once only".');
  // Straight to the campaign's page: the list's toast does not follow.
  await campaignCard(page, 'Once only').getByRole('link', { name: 'Once only' }).click();
  await expect(page.getByRole('heading', { name: 'Once only', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Campaign Setup in Progress' })).toHaveCount(0);

  // Back on the list, and on a later visit, it is not said again.
  await page.goto('/campaigns');
  await expect(campaignCard(page, 'Once only')).toContainText('1/8');
  await page.reload();
  await expect(campaignCard(page, 'Once only')).toContainText('1/8');
  await page.waitForTimeout(1000);
  await expect(page.getByRole('status').filter({ hasText: 'Campaign Setup in Progress' })).toHaveCount(0);
});
