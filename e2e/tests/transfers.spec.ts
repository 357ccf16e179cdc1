import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TEST_TIMEOUT_MS } from './adminSteps';
import { doTeamSteps, launchDialable, SLOW, waitForNumber } from './dialingSteps';
import { expectToast, shoot, signUpBusiness } from './helpers';

// The sandbox's callee follows the number's last digits (docs/sandboxes.md): 17 asks its questions,
// then for a person; 7 asks its questions and is interested. A transfer destination answers unless
// its number ends in 1 (no answer) or 3 (busy); 9 answers, hears the whisper and talks.
const ASKER = { name: 'Tess Asks', phone: '(212) 555-0117' };
const TALKER = { name: 'Rory Recorded', phone: '(212) 555-0107' };
// The owner's phone: the test call's person (completing the Testing step), and the default
// transfer destination, "Office", while the campaign names none.
const OWNER_PHONE = '+12125550119';
const OWNER_PHONE_SHOWN = '(212) 555-0119';
// A whole conversation, a transfer's ringing and the recording's callback, on a busy machine.
const CONVERSATION = { timeout: 90_000 };

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 150_000 });

/** A conversation on the campaign page's Live calls card, by the prospect's name. */
const conversation = (page: Page, prospect: string) =>
  page.getByRole('region', { name: 'Live calls' }).getByRole('article', { name: new RegExp(prospect) });

/** The team's steps, the number bought, then the owner's test call: the campaign starts dialing. */
async function startDialing(page: Page, campaignId: number) {
  const admin = await page.context().browser()!.newContext();
  await doTeamSteps(admin.request, campaignId);
  await admin.close();
  await waitForNumber(page.request, campaignId);
  await page.getByRole('button', { name: 'Test call' }).click();
  await expectToast(page, 'Test Call Placed');
}

/** Opens the prospect's call from the campaign's log; answers the drawer. */
async function openCall(page: Page, prospect: { name: string; phone: string }) {
  const log = page.getByRole('region', { name: 'Call log' });
  await log.getByRole('button', { name: `Open the call with ${prospect.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Call with ${prospect.name}, ${prospect.phone}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a caller who asks for a person is transferred to the Office: the live transcript says so, the drawer shows it connected', async ({
  page,
}) => {
  await signUpBusiness(page, 'Tara', 'Transfer', OWNER_PHONE);
  const name = `Transfers ${Date.now()}`;
  const id = await launchDialable(page, name, [[ASKER.name, ASKER.phone]], { maxAttempts: 1 });

  // The campaign names no transfer number: the profile's phone stands in as the Office.
  await page.goto(`/campaigns/${id}`);
  const transfers = page.getByRole('form', { name: 'Transfer numbers' });
  await expect(transfers.getByRole('note', { name: 'Default transfer number' })).toHaveText(
    `While none is set: Office: ${OWNER_PHONE_SHOWN} (your profile phone)`,
    SLOW,
  );
  // A number that is not E.164 is refused with the shared schema's words; an empty list saves.
  await transfers.getByRole('button', { name: 'Add transfer number' }).click();
  const first = transfers.getByRole('group', { name: 'Transfer number 1' });
  await first.getByLabel('Label', { exact: true }).fill('Sales');
  await first.getByLabel('Number', { exact: true }).fill('555');
  await transfers.getByRole('button', { name: 'Save transfer numbers' }).click();
  await expect(transfers.getByRole('alert')).toHaveText(
    'Enter the number in international format, such as +12125550100',
  );
  await shoot(transfers, 'transfers-card');
  await first.getByRole('button', { name: 'Remove Transfer number 1' }).click();
  await transfers.getByRole('button', { name: 'Save transfer numbers' }).click();
  await expectToast(page, 'Campaign Updated', 'The transfer numbers are saved.');
  await expect(transfers.getByRole('note', { name: 'Default transfer number' })).toContainText(
    `Office: ${OWNER_PHONE_SHOWN}`,
  );

  await startDialing(page, id);

  // The live transcript notes the transfer as a line of its own, not as someone's words.
  const live = conversation(page, ASKER.name);
  await expect(live).toBeVisible(CONVERSATION);
  const note = live.locator('[data-speaker="system"]');
  await expect(note).toHaveText('Transferring to Office…', CONVERSATION);
  await expect(note.locator('.rc-transcript-speaker')).toHaveCount(0);
  await shoot(page.getByRole('region', { name: 'Live calls' }), 'transfers-live-call');

  // Once the person answered and the call ended: the log's result, and the drawer's transfer.
  const log = page.getByRole('region', { name: 'Call log' });
  await expect(log.getByRole('row', { name: new RegExp(ASKER.name) })).toContainText(
    'Transferred to Office',
    CONVERSATION,
  );
  const drawer = await openCall(page, ASKER);
  const transfer = drawer.getByRole('region', { name: 'Transfer' });
  await expect(transfer.getByRole('row', { name: /^To / })).toContainText(`Office, ${OWNER_PHONE_SHOWN}`);
  await expect(transfer.locator('[data-transfer-status]')).toHaveText('connected', CONVERSATION);
  await expect(transfer.getByRole('row', { name: /Transferred part/ })).not.toContainText('—', CONVERSATION);
  await expect(drawer.getByRole('row', { name: /Outcome/ })).toContainText('Transferred to Office');
  await expect(drawer.locator('[data-speaker="system"]')).toHaveText('Transferring to Office…');
  await shoot(page, 'transfers-call-drawer');
});

test('a recorded call plays in the drawer, downloads as a WAV and can be deleted', async ({ page }) => {
  await signUpBusiness(page, 'Rae', 'Recorder', OWNER_PHONE);
  const name = `Recordings ${Date.now()}`;
  const id = await launchDialable(page, name, [[TALKER.name, TALKER.phone]], { maxAttempts: 1 });

  // Record calls is off until the owner turns it on, beside the states that need everyone's consent.
  await page.goto(`/campaigns/${id}`);
  const recording = page.getByRole('form', { name: 'Recording' });
  const recordSwitch = recording.getByRole('switch', { name: 'Record calls' });
  await expect(recordSwitch).not.toBeChecked(SLOW);
  await expect(recording).toContainText('This call may be recorded.');
  await recording.getByText(/States that need everyone's consent to record/).click();
  const states = recording.getByRole('list', { name: 'All-party consent states' });
  await expect(states.getByRole('listitem').filter({ hasText: 'California' })).toContainText(
    'Cal. Penal Code § 632',
  );
  await recordSwitch.click();
  await shoot(recording, 'transfers-recording-card');
  await recording.getByRole('combobox', { name: 'Keep recordings' }).click();
  await page.locator('.ant-select-dropdown').getByTitle('30 days', { exact: true }).click();
  await recording.getByRole('button', { name: 'Save recording settings' }).click();
  await expectToast(page, 'Campaign Updated', 'The recording settings are saved.');
  const saved = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as {
    recordCalls: boolean;
    recordingRetentionDays: number | null;
  };
  expect(saved).toMatchObject({ recordCalls: true, recordingRetentionDays: 30 });

  await startDialing(page, id);

  // The call ends, its recording's callback arrives, and the drawer's player loads it.
  const log = page.getByRole('region', { name: 'Call log' });
  await expect(log.getByRole('row', { name: new RegExp(TALKER.name) })).toContainText(
    'Interested',
    CONVERSATION,
  );
  const drawer = await openCall(page, TALKER);
  const player = drawer.getByRole('region', { name: 'Recording' });
  const audio = player.locator('audio');
  await expect(audio).toHaveCount(1, CONVERSATION);
  await expect(audio).toHaveAttribute('src', `/api/calls/${await callIdOf(page, id)}/recording`);
  await expect
    .poll(() => audio.evaluate((el) => (el as unknown as { duration: number }).duration), SLOW)
    .toBeGreaterThan(0);
  // The api answers Range requests, so the browser can seek in it.
  expect(
    await audio.evaluate((el) => {
      const { seekable } = el as unknown as { seekable: { length: number; end: (i: number) => number } };
      return seekable.length > 0 ? seekable.end(0) : 0;
    }),
  ).toBeGreaterThan(0);
  await shoot(page, 'transfers-recording-drawer');

  // Download answers the WAV itself (RIFF/WAVE), as a file to save.
  const href = await player.getByRole('link', { name: 'Download' }).getAttribute('href');
  expect(href).toMatch(/\/recording\?download=1$/);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-disposition']).toMatch(/attachment/);
  const body = await file.body();
  expect(body.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(body.subarray(8, 12).toString('latin1')).toBe('WAVE');

  // Delete asks first; the player then leaves the drawer.
  await player.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete recording' }).click();
  await expectToast(page, 'Recording Deleted');
  await expect(drawer.getByRole('region', { name: 'Recording' })).toHaveCount(0, SLOW);
  expect((await page.request.get(href!)).status()).toBe(404);
});

/** The id of the campaign's one prospect call (the test call aside). */
async function callIdOf(page: Page, campaignId: number): Promise<number> {
  const res = await page.request.get(`/api/campaigns/${campaignId}/calls?page=1&pageSize=10`);
  expect(res.status(), await res.text()).toBe(200);
  const calls = (await res.json()) as { id: number; test: boolean }[];
  const call = calls.find((c) => !c.test);
  expect(call).toBeDefined();
  return call!.id;
}
