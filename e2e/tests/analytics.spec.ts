import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { signInAs } from './admin';
import { adminAccount, ADMIN_TEST_TIMEOUT_MS, gotoAdmin } from './adminSteps';
import { doTeamSteps, launchDialable, SLOW, waitForNumber } from './dialingSteps';
import { expectNoSidewaysScroll, expectToast, PHONE_VIEWPORT, shoot, signUpBusiness } from './helpers';

// The sandbox picks each call's outcome by the number's last digit (README, "Twilio sandbox"):
// 6 books, 7 is interested, 8 asks to be called back (a person each), 2 voicemail, 0 busy, 1 no answer.
const LINES = [
  ['Pat Person', '0106'],
  ['Quinn Person', '0107'],
  ['Rita Person', '0108'],
  ['Vic Voicemail', '0102'],
  ['Bea Busy', '0110'],
  ['Nora Noanswer', '0111'],
] as const;
const OWNER_PHONE = '+12125550119';
const ANSWERING_SCRIPT = Array.from(
  { length: 6 },
  () => 'Hi, this is Ava from Bright Homes calling about the open house on Maple Street this weekend.',
).join(' ');

interface LoggedCall {
  direction: 'inbound' | 'outbound';
  test: boolean;
  status: string;
  answeredBy: string | null;
  successful: boolean;
  outcome: string | null;
  createdAt: string;
}

/** The campaign's call log as its owner reads it (one page holds them all). */
async function callLog(request: APIRequestContext, campaignId: number): Promise<LoggedCall[]> {
  const res = await request.get(`/api/campaigns/${campaignId}/calls?page=1&pageSize=50`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as LoggedCall[];
}

const markPage = (page: Page) =>
  page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
const notReloaded = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded === true);

const FINAL = ['completed', 'busy', 'no_answer', 'failed', 'canceled'];
const funnelStep = (tab: Locator, label: string) => tab.getByRole('group', { name: label, exact: true });
const stepCount = (tab: Locator, label: string) => funnelStep(tab, label).locator('[data-count]');
const besideCount = (tab: Locator, label: string) =>
  tab.locator('.rc-analytics-beside').getByRole('group', { name: label, exact: true }).locator('dd');

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 60_000 });

test("the Analytics tab counts what the call log shows, maps the answer rate by the prospect's hour, and follows the range; admins see the conversation quality", async ({
  browser,
  page,
}) => {
  const prospects = LINES.map(([name, line]) => [name, `(212) 555-${line}`] as const);
  await signUpBusiness(page, 'Ana', 'Lytics', OWNER_PHONE);
  const name = `Analytics ${Date.now()}`;
  const id = await launchDialable(page, name, prospects, {
    scriptAnswering: ANSWERING_SCRIPT,
    maxAttempts: 1,
  });
  await waitForNumber(page.request, id);

  // The tab, opened before the campaign calls: linked by its address, and nothing counted yet.
  await page.goto(`/campaigns/${id}?tab=analytics`);
  const tab = page.getByRole('region', { name: 'Analytics' });
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();
  await expect(tab.getByText('No call in this range.', { exact: false })).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage.request, adminAccount());
  await doTeamSteps(adminPage.request, id, { signIn: false });
  // The owner's test call (the setup's last step) from the Overview; it counts nowhere.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).toHaveURL(`/campaigns/${id}`);
  await page.getByRole('button', { name: 'Test call' }).click();
  await expectToast(page, 'Test Call Placed');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(`/campaigns/${id}?tab=analytics`);
  await markPage(page);

  // The campaign dials; its pushes bring the figures in while the tab is open, without a reload.
  await expect(stepCount(tab, 'Placed')).toHaveText(String(LINES.length), SLOW);
  await expect
    .poll(
      async () => (await callLog(page.request, id)).filter((c) => !c.test && FINAL.includes(c.status)).length,
      SLOW,
    )
    .toBe(LINES.length);
  expect(await notReloaded(page)).toBe(true);
  const calls = (await callLog(page.request, id)).filter((c) => !c.test);
  const placed = calls.filter((c) => c.direction === 'outbound');
  const person = placed.filter((c) => c.status === 'completed' && c.answeredBy !== 'machine');
  const positive = person.filter((c) => c.successful);
  const booked = positive.filter((c) => c.outcome === 'appointment_booked');
  // The sandbox's script, as the call log tells it.
  expect([placed.length, person.length, positive.length, booked.length]).toEqual([6, 3, 2, 1]);

  // The conversations are counted once each answered call's analysis is stored: read the tab again then.
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/campaigns/${id}/analytics`);
      return ((await res.json()) as { funnel: { conversations: number } }).funnel.conversations;
    }, SLOW)
    .toBe(person.length);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Analytics', selected: true })).toBeVisible();

  await expect(stepCount(tab, 'Placed')).toHaveText(String(placed.length));
  await expect(stepCount(tab, 'Answered by a person')).toHaveText(String(person.length));
  await expect(stepCount(tab, 'Conversations (2+ turns)')).toHaveText(String(person.length));
  await expect(stepCount(tab, 'Positive outcome')).toHaveText(String(positive.length));
  await expect(stepCount(tab, 'Booked or transferred')).toHaveText(String(booked.length));
  await expect(funnelStep(tab, 'Answered by a person')).toContainText('50% of placed');
  await expect(funnelStep(tab, 'Positive outcome')).toContainText('67% of the step before');
  const byStatus = (status: string) => placed.filter((c) => c.status === status).length;
  await expect(besideCount(tab, 'Voicemail')).toHaveText(
    String(placed.filter((c) => c.status === 'completed' && c.answeredBy === 'machine').length),
  );
  await expect(besideCount(tab, 'Busy')).toHaveText(String(byStatus('busy')));
  await expect(besideCount(tab, 'No answer')).toHaveText(String(byStatus('no_answer')));
  await expect(besideCount(tab, 'Received')).toHaveText('0');

  // The heat map puts a call at the hour the dialer queued it on the prospect's clock: here the
  // dialer's own clock, started on a weekday at noon in New York (DIALER_CLOCK_START), so every call
  // is in it, between 12:00 and 20:59.
  const map = tab.getByRole('table', { name: 'Answer rate by weekday and hour' });
  const coloured = map.locator('td[data-placed]:not([data-placed="0"])');
  await expect(coloured.first()).toBeVisible();
  // Coloured by its rate, not as an hour of no call.
  await expect(coloured.first()).not.toHaveCSS('background-color', 'rgb(248, 250, 252)');
  const cells: { when: string; hour: number; placed: number; answered: number }[] = [];
  for (let i = 0; i < (await coloured.count()); i++) {
    const cell = coloured.nth(i);
    const [, when, hour] = /^(\w{3} (\d+):00): /.exec((await cell.getAttribute('aria-label')) ?? '') ?? [];
    cells.push({
      when: when ?? '',
      hour: Number(hour),
      placed: Number(await cell.getAttribute('data-placed')),
      answered: Number(await cell.getAttribute('data-answered')),
    });
  }
  expect(cells.reduce((sum, c) => sum + c.placed, 0)).toBe(placed.length);
  expect(cells.reduce((sum, c) => sum + c.answered, 0)).toBe(person.length);
  for (const cell of cells) expect(cell.hour).toBeGreaterThanOrEqual(12);
  await expect(tab.getByText('not in the map', { exact: false })).toHaveCount(0);
  // An hour names itself the best with 5 calls placed in it at least.
  const best = cells.filter((c) => c.placed >= 5)[0];
  await expect(tab.getByRole('status', { name: 'Best hour' })).toHaveText(
    best
      ? `Best hour: ${best.when}, ${Math.round((100 * best.answered) / best.placed)}% answered`
      : 'No hour has 5 calls placed yet, too few to say which answers best.',
  );
  await expect(tab.getByRole('group', { name: 'Total cost' })).toContainText('$');
  await expect(tab.getByRole('group', { name: 'Average talk time' })).toContainText(/\d+:\d\d/);
  await expect(
    tab.getByRole('region', { name: 'Outcomes over time' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expect(tab.getByRole('region', { name: 'Conversation quality' })).toBeVisible();
  await shoot(page, 'analytics-tab');
  await page.screenshot({
    path: `${process.env.E2E_SHOTS || test.info().outputPath()}/analytics-tab-full.png`,
    fullPage: true,
  });
  await shoot(tab.getByRole('region', { name: 'When prospects answer' }), 'analytics-heatmap');

  // A range before the calls: nothing in it. Back to the last 7 days: the same counts.
  await pickRange(page, tab, '2026-01-01', '2026-01-31');
  await expect(tab.getByText('No call in this range.', { exact: false })).toBeVisible();
  await tab.locator('.rc-analytics-range').click();
  await page.locator('.ant-picker-presets').getByText('Last 7 days').click();
  await expect(stepCount(tab, 'Placed')).toHaveText(String(placed.length));
  await expect(tab).toContainText('7 UTC days, both included.');

  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'analytics-tab-390');

  // The admins' Overview: the conversation quality of every campaign, with the slowest calls.
  await gotoAdmin(adminPage, 30_000);
  const quality = adminPage.getByRole('region', { name: 'Conversation quality' });
  await expect(quality.getByRole('group', { name: 'Response p50' })).toContainText(/\d+ ms|\d\.\d\d s/, SLOW);
  const slow = quality.getByRole('table', { name: 'Slowest calls' });
  await expect(slow.getByRole('row', { name: new RegExp(name) }).first()).toBeVisible();
  // The chart over the days loads with its own code.
  await expect(quality.locator('.recharts-surface').first()).toBeVisible();
  await shoot(quality, 'analytics-admin-quality');
  await slow
    .getByRole('row', { name: new RegExp(name) })
    .first()
    .getByRole('button', { name: /Open the call/ })
    .click();
  await expect(adminPage.getByRole('dialog', { name: /^Call with (Pat|Quinn|Rita) Person/ })).toBeVisible();
  await adminContext.close();
});

/** Types a range into the picker's two inputs. */
async function pickRange(page: Page, tab: Locator, from: string, to: string) {
  const inputs = tab.locator('.rc-analytics-range input');
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(to);
  await inputs.nth(1).press('Enter');
  await page.keyboard.press('Escape');
}
