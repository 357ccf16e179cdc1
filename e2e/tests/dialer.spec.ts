import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInAs } from './admin';
import { adminAccount, ADMIN_TEST_TIMEOUT_MS, card, openCampaignCalls } from './adminSteps';
import { doTeamSteps, launchDialable, SLOW, waitForNumber } from './dialingSteps';
import { expectNoSidewaysScroll, expectToast, PHONE_VIEWPORT, signUpBusiness } from './helpers';

// The sandbox picks each call's outcome by the number's last digit (README, "Twilio sandbox"):
// 6-9 a person who talks with the agent, 2 voicemail, 0 busy, 1 no answer.
const PROSPECTS = [
  ['Pat Person', '(212) 555-0106'],
  ['Quinn Person', '(212) 555-0107'],
  ['Rita Person', '(212) 555-0108'],
  ['Vic Voicemail', '(212) 555-0102'],
  ['Bea Busy', '(212) 555-0110'],
  ['Nora Noanswer', '(212) 555-0111'],
] as const;
const PEOPLE = 3;
// The agent's outcome decides success: 6 books and 7 is interested; 8's call back later is not one
// (8 waits for the call back she asked for).
const SUCCESSFUL = 2;
// The owner's own phone for the test call: a person who listens to the end.
const OWNER_PHONE = '+12125550119';
// The agent's opening script (its first sentence is not an AI disclosure, so the agent's greeting
// names the business and says it is an AI assistant instead).
const ANSWERING_SCRIPT = Array.from(
  { length: 6 },
  () => 'Hi, this is Ava from Bright Homes calling about the open house on Maple Street this weekend.',
).join(' ');
/** A figure on the campaign page, by its label. */
const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });
/** A figure on a campaign card ("Total Calls"...). */
const cardFigure = (cardLocator: Locator, label: string) =>
  cardLocator.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

const markPage = (page: Page) =>
  page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
const notReloaded = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded === true);

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 30_000 });

test('a paid, set-up campaign dials its list in the sandbox: its page and card count up live, the log exports', async ({
  browser,
  page,
}) => {
  await signUpBusiness(page, 'Dana', 'Dialer', OWNER_PHONE);

  const name = `Dialer ${Date.now()}`;
  // Paid at checkout with the sandbox card (it comes filled in with the card that succeeds).
  const id = await launchDialable(page, name, PROSPECTS, {
    scriptAnswering: ANSWERING_SCRIPT,
    // One attempt each, so the campaign completes here: busy and no answer are otherwise tried
    // again hours later.
    maxAttempts: 1,
  });
  await expect(page).toHaveURL('/campaigns', { timeout: 5_000 });
  const campaignCard = card(page, name);

  // The campaign page, reached from the card's name, and the list in a second tab: neither reloads.
  const listTab = await page.context().newPage();
  await listTab.goto('/campaigns');
  const liveCard = card(listTab, name);
  await expect(cardFigure(liveCard, 'Total Calls')).toHaveText('0');
  await markPage(listTab);

  await campaignCard.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/campaigns/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(figure(page, 'Calls placed')).toContainText('0');
  await markPage(page);

  // The worker buys the number; until every setup step is done the page says why it waits.
  await waitForNumber(page.request, id);
  // The number bought is the one it calls from: under the page's title and on the card, as it is bought.
  const { phoneNumber } = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as {
    phoneNumber: string;
  };
  const callerId = phoneNumber.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');
  await expect(page.locator('.rc-campaign-caller-id')).toHaveText(`Calls from ${callerId}`, SLOW);
  await expect(liveCard.locator('.rc-campaign-number')).toHaveText(callerId, SLOW);
  await expect(page.getByRole('status', { name: 'Dialing' })).toHaveText(
    'Not calling yet: the setup is not complete.',
    SLOW,
  );

  // Pause and Start on the page; the line says why it waits each time.
  const reason = page.getByRole('status', { name: 'Dialing' });
  await page.getByRole('button', { name: 'Pause' }).click();
  await expectToast(page, 'Campaign Updated');
  await expect(page.locator('.rc-page-title [data-status]')).toHaveText('paused');
  await expect(reason).toHaveText('Paused: press Start to resume calling.');
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(page.locator('.rc-page-title [data-status]')).toHaveText('active');
  await expect(reason).toHaveText('Not calling yet: the setup is not complete.');

  // An admin watches the campaign's calls in its dialog as they are made, and does the team's steps.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage.request, adminAccount());
  const dialog = await openCampaignCalls(adminPage, name);
  await dialog.getByRole('tab', { name: 'Campaign Details' }).click();
  await expect(dialog.locator('.rc-admin-details')).toContainText(`${callerId} (provided number, area code`);
  await dialog.getByRole('tab', { name: 'Calls' }).click();
  const adminLog = dialog.getByRole('region', { name: 'Call log' });
  await expect(adminLog.getByText('No calls yet.')).toBeVisible();
  await doTeamSteps(adminPage.request, id, { signIn: false });

  // The owner's test call reaches a person, which completes the Testing step; it counts in nothing.
  await page.getByRole('button', { name: 'Test call' }).click();
  await expectToast(page, 'Test Call Placed');

  await expect(figure(page, 'Calls placed')).toContainText(String(PROSPECTS.length), SLOW);
  await expect(cardFigure(liveCard, 'Total Calls')).toHaveText(String(PROSPECTS.length), SLOW);
  await expect(figure(page, 'Answered by a person')).toContainText(String(PEOPLE));
  await expect(figure(page, 'Voicemails')).toContainText('1');
  await expect(figure(page, 'Pick-up rate')).toContainText('50.0%');
  // Rita (8) asked to be called back tomorrow afternoon: she waits for it, and the campaign goes on.
  await expect(figure(page, 'Prospects left')).toContainText('1');
  await expect(figure(page, 'In flight now')).toContainText('0', SLOW);
  await expect(figure(page, 'Successful')).toContainText(String(SUCCESSFUL), SLOW);
  await expect(cardFigure(liveCard, 'Successful Calls')).toHaveText(String(SUCCESSFUL));
  await expect(page.getByRole('table', { name: 'Upcoming callbacks' })).toContainText('Rita Person', SLOW);
  await expect(page.locator('.rc-page-title [data-status]')).toHaveText('active');

  // The log: every prospect's call and the test call, newest first, then filtered by status.
  const log = page.getByRole('region', { name: 'Call log' });
  for (const [prospect] of PROSPECTS)
    await expect(log.getByRole('row', { name: new RegExp(prospect) })).toBeVisible();
  await expect(log.getByRole('row', { name: /Vic Voicemail/ })).toContainText('Voicemail');
  await expect(log.getByRole('row', { name: /Bea Busy/ })).toContainText('Busy');
  await expect(log.getByText('7 calls')).toBeVisible();
  // E2E_SHOTS=<dir> keeps a picture of the page with its calls.
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/dialer-campaign-page.png`, fullPage: true });
  await log.getByRole('combobox', { name: 'Status' }).click();
  await page.getByTitle('Busy', { exact: true }).click();
  await expect(log.getByText('1 call', { exact: true })).toBeVisible();
  await expect(log.getByRole('row', { name: /Bea Busy/ })).toBeVisible();
  await expect(log.getByRole('row', { name: /Pat Person/ })).toHaveCount(0);

  // The export is the filtered log.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`campaign-${id}-calls.csv`);
  const lines = fs
    .readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Bea Busy');
  expect(lines[1]).toContain('+12125550110');

  expect(await notReloaded(page)).toBe(true);
  expect(await notReloaded(listTab)).toBe(true);
  await expect(adminLog.getByText('7 calls')).toBeVisible(SLOW);
  await expect(adminLog.getByRole('row', { name: /Vic Voicemail/ })).toContainText('Voicemail');
  if (process.env.E2E_SHOTS)
    await adminPage.screenshot({ path: `${process.env.E2E_SHOTS}/dialer-admin-calls.png` });

  await page.setViewportSize(PHONE_VIEWPORT);
  // Nothing spills sideways on a phone (the call table scrolls inside its card).
  await expectNoSidewaysScroll(page);
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/dialer-campaign-page-390.png`, fullPage: true });
  await adminContext.close();
});
