import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './admin';
import { adminAccount, ADMIN_TEST_TIMEOUT_MS } from './adminSteps';
import { launchDialable, SLOW, waitForNumber } from './dialingSteps';
import { signUpBusiness } from './helpers';

// The caller is a prospect of the list; 7 is the sandbox's person who asks what the business offers.
const CALLER = { name: 'Iris Inbound', phone: '(212) 555-0107', e164: '+12125550107' };
const OWNER_PHONE = '+12125550119';
// A whole conversation, its summary job included, at SANDBOX_TIME_SCALE=50 on a busy machine.
const CONVERSATION = { timeout: 60_000 };

const figure = (page: Page, label: string) => page.getByRole('group', { name: label, exact: true });

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 60_000 });

test("a call rung into the campaign's number shows the caller, is marked inbound, filtered and counted apart", async ({
  browser,
  page,
}) => {
  await signUpBusiness(page, 'Ina', 'Inbound', OWNER_PHONE);
  const name = `Inbound ${Date.now()}`;
  // Nobody does the team's steps: the campaign places no call, but its number is bought.
  const id = await launchDialable(page, name, [[CALLER.name, CALLER.phone]], { maxAttempts: 1 });
  await waitForNumber(page.request, id);
  const number = (
    (await (await page.request.get(`/api/campaigns/${id}`)).json()) as {
      providedPhoneNumber: string;
    }
  ).providedPhoneNumber;

  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible(SLOW);

  // An admin rings the number from the prospect's phone, through the sandbox.
  const admin = await browser.newContext();
  await signInAs(admin.request, adminAccount());
  const rung = await admin.request.post('/sandbox/twilio/inbound-calls', {
    form: { To: number, From: CALLER.e164 },
  });
  expect(rung.status(), await rung.text()).toBe(201);

  // The live card names the caller by their prospect's name and number, never our own, marked inbound.
  const live = page
    .getByRole('region', { name: 'Live calls' })
    .getByRole('article', { name: new RegExp(CALLER.name) });
  await expect(live).toBeVisible(SLOW);
  await expect(live).toContainText(CALLER.phone);
  await expect(live).toContainText('Inbound');
  await expect(live.getByRole('listitem').first()).toContainText('Thanks for calling', CONVERSATION);

  // Once it ends it is counted as received, not as placed.
  await expect(figure(page, 'Calls received')).toContainText('1', CONVERSATION);
  await expect(figure(page, 'Calls placed')).toContainText('0');

  // The log shows it under the caller's number with the Inbound tag; the direction filter finds it.
  const log = page.getByRole('region', { name: 'Call log' });
  const row = log.getByRole('row', { name: new RegExp(CALLER.name) });
  await expect(row).toContainText(CALLER.phone);
  await expect(row).toContainText('Inbound');
  const direction = log.getByRole('combobox', { name: 'Direction' });
  await direction.click();
  await page.getByTitle('Placed', { exact: true }).click();
  await expect(log.getByText('No calls yet.')).toBeVisible();
  await direction.click();
  await page.getByTitle('Inbound', { exact: true }).click();
  await expect(row).toBeVisible();

  // The drawer is titled by who called, from their number.
  await log.getByRole('button', { name: `Open the call from ${CALLER.name}` }).click();
  const drawer = page.getByRole('dialog', { name: `Call from ${CALLER.name}, ${CALLER.phone}` });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('row', { name: /Received/ })).toBeVisible();
  await admin.close();
});
