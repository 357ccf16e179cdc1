import { expect, test, type Locator, type Page } from '@playwright/test';
import { runSql, markCampaignPaid } from './db';
import { createDialableDraft, SLOW, uploadProspects } from './dialingSteps';
import { expectNoSidewaysScroll, PHONE_VIEWPORT, signUpBusiness } from './helpers';

// A 907 number may ring in five zones (four Alaska Time, Adak's Hawaii-Aleutian Time); 850 in two.
const PROSPECTS = [
  ['Rita Remove', '(907) 555-0174'],
  ['Hank Honolulu', '(808) 555-0130'],
  ['Pat Person', '(212) 555-0106'],
  ['Fiona Panhandle', '(850) 200-1234'],
  ['Olive Oregon', '(503) 555-0157'],
] as const;

/** Rita booked on her first call (written as the dialer leaves a settled call), so her row is done. */
const bookRita = (campaignId: number) =>
  Promise.all([
    runSql(
      `INSERT INTO call_records (campaignId, userId, prospectId, toNumber, status, answeredBy, outcome,
                                 successful, billable, cost, attempt, dialedAt, settledAt, createdAt, updatedAt)
       SELECT cp.campaignId, c.userId, cp.prospectId, cp.phoneNumber, 'completed', 'human', 'appointment_booked',
              1, 1, '0.80', 1, t.at, t.at, t.at, t.at
         FROM campaign_prospects cp JOIN campaigns c ON c.id = cp.campaignId, (SELECT UTC_TIMESTAMP(3) AS at) t
        WHERE cp.campaignId = ? AND cp.phoneNumber = '+19075550174'`,
      [campaignId],
    ),
    runSql(
      `UPDATE campaign_prospects SET state = 'done', attempts = 1, nextAttemptAt = NULL, lastResult = 'completed'
        WHERE campaignId = ? AND phoneNumber = '+19075550174'`,
      [campaignId],
    ),
  ]);

/** How far a region's content spills past its own width (0: none, nothing hides sideways). */
const spill = (region: Locator) =>
  region.evaluate((el) => {
    const body = el.querySelector('.ant-table-content') ?? el;
    return body.scrollWidth - body.clientWidth;
  });

const row = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Prospects' }).getByRole('row', { name: new RegExp(name) });

test('the prospects table names one zone per prospect and its last result, and fits a laptop', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpBusiness(page, 'Zoe', 'Zones', '+12125550119');
  const listId = await uploadProspects(page.request, PROSPECTS);
  const id = await createDialableDraft(page.request, `Zones ${Date.now()}`, listId);
  // Paid, with the team's steps not done: the worker copies the list in, and nothing is dialed.
  await markCampaignPaid(id);
  await expect
    .poll(
      async () => ((await (await page.request.get(`/api/campaigns/${id}/prospects`)).json()) as []).length,
      SLOW,
    )
    .toBe(PROSPECTS.length);
  await bookRita(id);

  await page.goto(`/campaigns/${id}`);
  const rita = row(page, 'Rita Remove');
  await expect(rita.locator('.rc-prospect-zone')).toHaveText('Alaska Time +1', SLOW);
  await expect(rita).toContainText('Appointment booked');
  await rita.locator('.rc-prospect-zone').hover();
  await expect(page.getByRole('tooltip')).toContainText('Hawaii-Aleutian Time: Adak');
  await page.mouse.move(0, 0);
  await expect(row(page, 'Fiona Panhandle').locator('.rc-prospect-zone')).toHaveText('Central Time +1');
  await expect(row(page, 'Hank Honolulu').locator('.rc-prospect-zone')).toHaveText(
    'Hawaii-Aleutian Standard Time',
  );
  await expect(row(page, 'Pat Person')).toContainText('Eastern Time');
  // At 1280 px every column shows, Why included: nothing hides behind a sideways scroll.
  const card = page.locator('.rc-campaign-prospects');
  expect(await spill(card)).toBeLessThanOrEqual(0);
  if (process.env.E2E_SHOTS)
    await card.screenshot({ path: `${process.env.E2E_SHOTS}/prospects-table-1280.png` });

  // The call log lists the calls of one outcome, and the chart counts outcomes.
  const log = page.getByRole('region', { name: 'Call log' });
  await log.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByTitle('Appointment booked', { exact: true }).click();
  await expect(log.getByText('1 call', { exact: true })).toBeVisible();
  await log.getByRole('combobox', { name: 'Outcome' }).click();
  await page.getByTitle('Interested', { exact: true }).click();
  await expect(log.getByText('No calls yet.')).toBeVisible();
  await page.locator('.rc-campaign-chart-view').getByText('Outcomes', { exact: true }).click();
  // The pointer over the chart leaves its tooltip there: narrowed to a phone, it must not spill.
  await page
    .locator('.rc-campaign-chart')
    .getByRole('application')
    .hover({ position: { x: 840, y: 120 } });
  await expect(page.locator('.recharts-legend-wrapper')).toContainText('Appointment booked');
  if (process.env.E2E_SHOTS)
    await page
      .locator('.ant-card', { has: page.locator('.rc-campaign-chart-view') })
      .screenshot({ path: `${process.env.E2E_SHOTS}/outcomes-chart-1280.png` });

  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoSidewaysScroll(page);
  if (process.env.E2E_SHOTS)
    await card.screenshot({ path: `${process.env.E2E_SHOTS}/prospects-table-390.png` });
});
