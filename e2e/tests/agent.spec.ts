import { expect, test, type Locator, type Page } from '@playwright/test';
import { ADMIN_TEST_TIMEOUT_MS, openCampaignCalls } from './adminSteps';
import { COMPLETE_DRAFT_FIELDS } from './checkoutSteps';
import { doTeamSteps, launchDialable, SLOW, waitForNumber } from './dialingSteps';
import { expectNoSidewaysScroll, PHONE_VIEWPORT, shoot, signUpBusiness, toast } from './helpers';

// The sandbox's personas, by the number's last digit (README, "Twilio sandbox"): 4 asks by voice
// to be removed from the list, 6 is interested and books.
const REMOVER = { name: 'Rob Remove', phone: '(212) 555-0104' };
const BOOKER = { name: 'Bea Booker', phone: '(212) 555-0106' };
// The owner's phone, for the test call that completes the Testing step.
const OWNER_PHONE = '+12125550119';
// A whole conversation, its summary job included, at SANDBOX_TIME_SCALE=50 on a busy CI machine.
const CONVERSATION = { timeout: 60_000 };

/** A conversation on the campaign page's Live calls card, by the prospect's name. */
const conversation = (page: Page, prospect: string) =>
  page.getByRole('region', { name: 'Live calls' }).getByRole('article', { name: new RegExp(prospect) });
const turnsOf = (scope: Locator, prospect: string) =>
  scope.getByRole('list', { name: `Transcript of the call with ${prospect}` }).getByRole('listitem');

/**
 * Notes, in the page, the most turns the prospect's transcript showed while the call was on the
 * line: a live transcript grows before the call ends, which a look after the end cannot tell.
 */
const watchLiveTurns = (page: Page, prospect: string) =>
  page.evaluate((name) => {
    // This runs in the browser; the e2e project is compiled without the DOM's types.
    interface Element {
      textContent: string | null;
      querySelectorAll: (selector: string) => ArrayLike<Element> & Iterable<Element>;
    }
    const browser = globalThis as unknown as {
      liveTurns: number;
      document: Element & { body: Element };
      MutationObserver: new (seen: () => void) => { observe: (target: Element, options: object) => void };
    };
    browser.liveTurns = 0;
    const { document } = browser;
    new browser.MutationObserver(() => {
      for (const article of document.querySelectorAll('.rc-live-call[data-call-status="in_progress"]')) {
        if (!article.textContent?.includes(name)) continue;
        browser.liveTurns = Math.max(browser.liveTurns, article.querySelectorAll('li').length);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, prospect);
const liveTurnsSeen = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as { liveTurns: number }).liveTurns);

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 90_000 });

test('the agent converses in the sandbox: live transcripts on the campaign page, the call in the log, an opt-out on the list', async ({
  browser,
  page,
}) => {
  await signUpBusiness(page, 'Ada', 'Agent', OWNER_PHONE);

  const name = `Agent ${Date.now()}`;
  // Activation waits for the payment's confirmation, which a busy machine takes its time over.
  const prospects = [REMOVER, BOOKER].map((p) => [p.name, p.phone] as const);
  const id = await launchDialable(page, name, prospects, { maxAttempts: 1 });

  // The campaign page is open before the first call, so its transcripts arrive as they are spoken.
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible(SLOW);
  const liveCalls = page.getByRole('region', { name: 'Live calls' });
  await expect(liveCalls.getByText('No calls on the line right now.')).toBeVisible();
  await watchLiveTurns(page, BOOKER.name);

  // The team's steps, the number bought by the worker, then the owner's test call: dialing starts.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await doTeamSteps(adminPage.request, id);
  await waitForNumber(page.request, id);
  await page.getByRole('button', { name: 'Test call' }).click();
  await expect(toast(page).filter({ hasText: 'Test Call Placed' })).toBeVisible(SLOW);

  // Both prospects are called and show up on the card.
  await expect(conversation(page, BOOKER.name)).toBeVisible(SLOW);
  await expect(conversation(page, REMOVER.name)).toBeVisible(SLOW);

  // The persona who asked to be removed is on the owner's do-not-call list (another tab).
  const accountTab = await page.context().newPage();
  await accountTab.goto('/account');
  const dncList = accountTab.getByRole('region', { name: 'Do-not-call list' });
  await expect(dncList).toBeVisible(SLOW);
  await expect
    .poll(async () => {
      await accountTab.reload();
      await expect(dncList).toBeVisible(SLOW);
      return dncList.getByRole('row', { name: /\(212\) 555-0104/ }).count();
    }, CONVERSATION)
    .toBe(1);
  await shoot(accountTab.getByRole('region', { name: 'Do-not-call list' }), 'agent-do-not-call');
  await accountTab.close();

  // The booking call: its transcript grew while it ran (two turns or more on screen during the
  // call), or, at the sandbox's pace, is on screen in full with the outcome and the summary.
  const booked = conversation(page, BOOKER.name);
  await expect.poll(() => turnsOf(booked, BOOKER.name).count(), CONVERSATION).toBeGreaterThanOrEqual(2);
  const grewLive = (await liveTurnsSeen(page)) >= 2;
  test.info().annotations.push({
    type: 'live transcript',
    description: grewLive ? 'two or more turns seen while the call ran' : 'seen once the call had ended',
  });
  await shoot(page.getByRole('region', { name: 'Live calls' }), 'agent-live-calls');
  await expect(booked.getByRole('definition').first()).toHaveText('Appointment booked', CONVERSATION);
  await expect(booked.getByRole('definition').nth(1)).not.toHaveText(
    /^(The summary is written when the call ends\.|The summary is being written\.)$/,
    CONVERSATION,
  );
  const removed = conversation(page, REMOVER.name);
  await expect(removed.getByRole('definition').first()).toHaveText('Asked not to be called', CONVERSATION);
  await shoot(page.getByRole('region', { name: 'Live calls' }), 'agent-finished-calls');

  // The call log opens the call: transcript, outcome, summary, who ended it, in a titled drawer.
  const log = page.getByRole('region', { name: 'Call log' });
  await log.getByRole('button', { name: `Open the call with ${BOOKER.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Call with ${BOOKER.name}, ${BOOKER.phone}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Outcome/ })).toContainText('Appointment booked');
  await expect(drawer.getByRole('row', { name: /Ended/ })).not.toContainText('—');
  await expect(drawer.getByRole('region', { name: 'Summary' })).not.toContainText('The summary is');
  expect(await turnsOf(drawer, BOOKER.name).count()).toBeGreaterThanOrEqual(2);
  await expect(turnsOf(drawer, BOOKER.name).first()).toContainText(COMPLETE_DRAFT_FIELDS.aiAgentName);
  await shoot(page, 'agent-call-drawer');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();

  // An admin reads the same call from the campaign's dialog.
  const dialog = await openCampaignCalls(adminPage, name);
  await dialog.getByRole('button', { name: `Open the call with ${REMOVER.name}` }).click();
  const adminDrawer = adminPage.getByRole('dialog', { name: `Call with ${REMOVER.name}, ${REMOVER.phone}` });
  await expect(adminDrawer.getByRole('row', { name: /Outcome/ })).toContainText('Asked not to be called');
  expect(await turnsOf(adminDrawer, REMOVER.name).count()).toBeGreaterThanOrEqual(2);
  await shoot(adminPage, 'agent-admin-drawer');

  // On a phone the drawer takes the screen and nothing spills sideways.
  await page.setViewportSize(PHONE_VIEWPORT);
  await log.getByRole('button', { name: `Open the call with ${BOOKER.name}` }).click();
  await expect(drawer).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, 'agent-call-drawer-390');
  await adminContext.close();
});
