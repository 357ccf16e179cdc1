import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signInAs } from './admin';
import { adminAccount, card } from './adminSteps';
import { checkout, COMPLETE_DRAFT_FIELDS } from './checkoutSteps';
import { toast } from './helpers';

/** Payment, buying the number and the worker's first dispatch take a few seconds on a busy machine. */
export const SLOW = { timeout: 30_000 };

/** The setup steps the team does for every campaign; the system sets the others. */
export const ADMIN_FLAGS = ['setupAiAgentConfigured', 'setupScriptsReviewed', 'setupComplianceVerified'];

/** Uploads a list of `[name, phone]` rows as the owner; answers its id. */
export async function uploadProspects(
  request: APIRequestContext,
  rows: readonly (readonly [string, string])[],
) {
  const csv = Buffer.from(['Name,Phone', ...rows.map(([name, phone]) => `${name},${phone}`)].join('\n'));
  const upload = await request.post('/api/prospect-lists/upload', {
    multipart: { file: { name: 'prospects.csv', mimeType: 'text/csv', buffer: csv } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return ((await upload.json()) as { prospectList: { id: number } }).prospectList.id;
}

/**
 * A complete draft that calls the list from a number the worker buys (area code 907), 500 calls a
 * month; `fields` add to or replace its own. Answers its id.
 */
export async function createDialableDraft(
  request: APIRequestContext,
  name: string,
  prospectListId: number,
  fields: Record<string, unknown> = {},
) {
  const draft = await request.post('/api/campaigns', {
    data: {
      ...COMPLETE_DRAFT_FIELDS,
      name,
      type: 'appointment',
      hasProvidedList: true,
      prospectListId,
      prospectsOptedIn: true,
      monthlyCallVolume: 500,
      useProvidedNumber: true,
      providedNumberAreaCode: '907',
      ...fields,
    },
  });
  expect(draft.status(), await draft.text()).toBe(201);
  return ((await draft.json()) as { id: number }).id;
}

/** Pays for the draft from its card's Pay & Launch with the sandbox card, until it is activated. */
export async function payAndLaunch(page: Page, name: string) {
  await page.goto('/campaigns');
  await card(page, name).getByRole('button', { name: 'Pay & Launch' }).click();
  await checkout(page).payButton.click();
  await expect(toast(page).filter({ hasText: 'Campaign Activated' })).toBeVisible(SLOW);
}

/**
 * Uploads the `[name, phone]` rows as the owner, makes a dialable draft calling them (see
 * createDialableDraft for `fields`) and pays for it until it is activated. Answers its id.
 */
export async function launchDialable(
  page: Page,
  name: string,
  rows: readonly (readonly [string, string])[],
  fields: Record<string, unknown> = {},
) {
  const listId = await uploadProspects(page.request, rows);
  const id = await createDialableDraft(page.request, name, listId, fields);
  await payAndLaunch(page, name);
  return id;
}

/** An admin does the team's setup steps of the campaign (signed in first when `signIn`). */
export async function doTeamSteps(
  adminRequest: APIRequestContext,
  campaignId: number,
  { signIn = true } = {},
) {
  if (signIn) await signInAs(adminRequest, adminAccount());
  for (const flag of ADMIN_FLAGS) {
    const res = await adminRequest.put(`/api/admin/campaigns/${campaignId}/setup`, {
      data: { [flag]: true },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Waits for the worker to buy the campaign's number. */
export async function waitForNumber(request: APIRequestContext, campaignId: number) {
  await expect
    .poll(async () => {
      const res = await request.get(`/api/campaigns/${campaignId}`);
      return ((await res.json()) as { providedPhoneNumber: string | null }).providedPhoneNumber;
    }, SLOW)
    .not.toBeNull();
}
