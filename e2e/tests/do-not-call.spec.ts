import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { ADMIN_TEST_TIMEOUT_MS, openAdminPage } from './adminSteps';
import {
  createDialableDraft,
  doTeamSteps,
  payAndLaunch,
  SLOW,
  uploadProspects,
  waitForNumber,
} from './dialingSteps';
import { expectNoSidewaysScroll, expectToast, PHONE_VIEWPORT, signUpBusiness } from './helpers';

// The sandbox plays a number ending in 6-9 as a person who answers.
const LISTED = '(212) 555-0116';
const CALLED = '(212) 555-0107';

const shots = () => process.env.E2E_SHOTS;
const dncSection = (page: Page) => page.getByRole('region', { name: 'Do-not-call list' });
const dncRow = (page: Page, phone: string) =>
  dncSection(page).getByRole('row', { name: new RegExp(phone.replace(/[()]/g, '\\$&')) });

async function addNumber(page: Page, phone: string, reason = '') {
  const form = page.getByRole('form', { name: 'Add a number' });
  await form.getByLabel('Phone number').fill(phone);
  await form.getByLabel('Reason (optional)').fill(reason);
  await form.getByRole('button', { name: 'Add' }).click();
}

async function removeNumber(page: Page, e164: string) {
  await dncSection(page)
    .getByRole('button', { name: `Remove ${e164}` })
    .click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
}

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS + 30_000 });

test('the do-not-call list on /account: add, refuse, remove, upload; a listed prospect is skipped by the campaign', async ({
  browser,
  page,
}) => {
  await signUpBusiness(page, 'Dora', 'Donotcall', '+12125550119');

  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Do-not-call' })).toBeVisible();
  await expect(dncSection(page).getByText('No numbers on the list yet.')).toBeVisible();

  // A number that is not one: the shared rule's message, nothing added.
  await addNumber(page, '555-12');
  await expect(page.getByText('Please enter a valid phone number')).toBeVisible();

  // Added in one format, listed as stored, found by search, then removed.
  await addNumber(page, '212.555.0117', 'Asked by email');
  await expectToast(page, 'Number Added', '+12125550117');
  await expect(dncRow(page, '(212) 555-0117')).toContainText('Asked by email');
  await expect(dncRow(page, '(212) 555-0117')).toContainText('Added by hand');
  await dncSection(page)
    .getByRole('searchbox', { name: 'Search do-not-call numbers' })
    .fill('nothing like it');
  await dncSection(page).getByRole('searchbox', { name: 'Search do-not-call numbers' }).press('Enter');
  await expect(dncSection(page).getByText('No numbers match.')).toBeVisible();
  await dncSection(page).getByRole('searchbox', { name: 'Search do-not-call numbers' }).fill('0117');
  await dncSection(page).getByRole('searchbox', { name: 'Search do-not-call numbers' }).press('Enter');
  await expect(dncRow(page, '(212) 555-0117')).toBeVisible();
  await removeNumber(page, '+12125550117');
  await expectToast(page, 'Number Removed');
  await expect(dncSection(page).getByText('No numbers match.')).toBeVisible();
  await dncSection(page).getByRole('searchbox', { name: 'Search do-not-call numbers' }).fill('');
  await dncSection(page).getByRole('searchbox', { name: 'Search do-not-call numbers' }).press('Enter');

  // One number by hand, then a file holding it again, a new one and one that is no number.
  await addNumber(page, LISTED, 'Asked not to be called');
  await expect(dncRow(page, LISTED)).toBeVisible();
  // The form is empty again, without the last submit's messages.
  await expect(page.getByRole('form', { name: 'Add a number' }).getByLabel('Phone number')).toHaveValue('');
  await expect(page.getByText('Please enter a valid phone number')).toBeHidden();
  await page.getByLabel('Do-not-call file').setInputFiles({
    name: 'dnc.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Phone\n${LISTED}\n(212) 555-0118\nnot a number\n`),
  });
  await expect(page.getByRole('status', { name: 'Upload result' })).toHaveText(
    '1 added, 1 already on the list, 1 invalid',
  );
  await expect(dncRow(page, '(212) 555-0118')).toContainText('Uploaded');
  await expect(dncSection(page).getByText('2 numbers')).toBeVisible();

  // A file too large for the request (10,000 rows at most): the worker adds it while the section
  // shows its progress, then the same counts.
  const many = Array.from(
    { length: 10_001 },
    (_, i) => `(213) ${700 + Math.floor(i / 10_000)}-${String(i % 10_000).padStart(4, '0')}`,
  );
  await page.getByLabel('Do-not-call file').setInputFiles({
    name: 'many.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Phone\n${many.join('\n')}\n`),
  });
  await expect(page.getByRole('status', { name: 'Upload progress' })).toContainText('of 10,001 rows');
  await expect(page.getByRole('status', { name: 'Upload result' })).toHaveText(
    '10,001 added, 0 already on the list, 0 invalid',
    SLOW,
  );
  await expect(page.getByRole('status', { name: 'Upload progress' })).toBeHidden();
  await expect(dncSection(page).getByText('10,003 numbers')).toBeVisible();
  const shotDir = shots();
  if (shotDir) await dncSection(page).screenshot({ path: `${shotDir}/account-do-not-call.png` });

  // A list holding the listed number, a paid and set-up campaign calling it: the number is skipped.
  const name = `Do-not-call ${Date.now()}`;
  const listId = await uploadProspects(page.request, [
    ['Sam Skipped', LISTED],
    ['Cal Called', CALLED],
  ]);
  // The list keeps the listed number and says so, once the worker has read it.
  await page.goto('/account');
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: 'prospects.csv' })
      .getByText('2 contacts, 1 on a do-not-call list'),
  ).toBeVisible(SLOW);
  const id = await createDialableDraft(page.request, name, listId);
  await payAndLaunch(page, name);

  const adminContext = await browser.newContext();
  await doTeamSteps(adminContext.request, id);
  await adminContext.close();

  // The worker buys the number; the owner's test call then completes the last setup step.
  await waitForNumber(page.request, id);
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Test call' }).click();
  await expectToast(page, 'Test Call Placed');
  const prospects = page.locator('.rc-campaign-prospects');
  await expect(prospects.locator('[data-filter="skipped"] strong')).toHaveText('1', SLOW);
  await prospects.locator('[data-filter="skipped"]').click();
  const skipped = prospects.getByRole('row', { name: /Sam Skipped/ });
  await expect(skipped).toContainText('Skipped');
  await expect(skipped).toContainText('On a do-not-call list');
  await expect(prospects.getByRole('row', { name: /Cal Called/ })).toHaveCount(0);
  // The listed number was never dialed; the other one was.
  const log = page.getByRole('region', { name: 'Call log' });
  await expect(log.getByRole('row', { name: /Cal Called/ })).toBeVisible(SLOW);
  await expect(log.getByRole('row', { name: /Sam Skipped/ })).toHaveCount(0);
  // Search runs on the server, over every state.
  await prospects.locator('[data-filter="all"]').click();
  await prospects.getByRole('searchbox', { name: 'Search prospects' }).fill('Cal');
  await prospects.getByRole('searchbox', { name: 'Search prospects' }).press('Enter');
  await expect(prospects.getByRole('row', { name: /Cal Called/ })).toBeVisible();
  await expect(prospects.getByRole('row', { name: /Sam Skipped/ })).toHaveCount(0);

  // Calling hours wider than the law: the server's message; inside it: saved.
  const rules = page.getByRole('form', { name: 'Calling rules' });
  await rules.getByLabel('Calling hours from').fill('07:00');
  await rules.getByLabel('to', { exact: true }).fill('17:00');
  await rules.getByRole('button', { name: 'Save calling rules' }).click();
  await expect(rules.getByRole('alert')).toContainText('08:00-21:00');
  await rules.getByLabel('Calling hours from').fill('09:00');
  await rules.getByRole('checkbox', { name: 'Sun' }).uncheck();
  await rules.getByLabel('Attempts per prospect').fill('2');
  await rules.getByRole('button', { name: 'Save calling rules' }).click();
  await expectToast(page, 'Campaign Updated', 'The calling rules are saved.');
  const saved = (await (await page.request.get(`/api/campaigns/${id}`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({
    callingHoursStart: '09:00',
    callingHoursEnd: '17:00',
    callingDays: 'mon,tue,wed,thu,fri,sat',
    maxAttempts: 2,
  });
  if (shotDir) {
    fs.mkdirSync(shotDir, { recursive: true });
    await page.screenshot({ path: `${shotDir}/campaign-prospects.png`, fullPage: true });
  }

  // On a phone the states and the table scroll inside their card; the page does not spill sideways.
  await page.setViewportSize(PHONE_VIEWPORT);
  await expectNoSidewaysScroll(page);
});

test('admins keep the platform list in the Do-not-call tab', async ({ browser }) => {
  const { page, context } = await openAdminPage(browser, 'Do-not-call');
  const phone = `(212) 555-01${String((Date.now() % 90) + 10)}`;
  await addNumber(page, phone, 'Regulator request');
  await expectToast(page, 'Number Added');
  await expect(dncRow(page, phone)).toContainText('Regulator request');
  const e164 = `+1${phone.replace(/\D/g, '')}`;
  await removeNumber(page, e164);
  await expectToast(page, 'Number Removed');
  await expect(dncRow(page, phone)).toHaveCount(0);
  await context.close();
});
