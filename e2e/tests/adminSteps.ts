import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAdminAccount, signInAs, type AdminAccount } from './admin';
import { signUp } from './helpers';

export type AdminTabName =
  'Overview' | 'Users' | 'Campaigns' | 'Payments' | 'Support' | 'Do-not-call' | 'Queues' | 'Outbox';

/**
 * Multi-browser admin tests: several seconds go to making the admin (create-admin) and signing
 * users up, on top of what is being tested.
 */
export const ADMIN_TEST_TIMEOUT_MS = 90_000;

// Making an admin spawns a process; one account serves every admin test in this worker.
let account: AdminAccount | undefined;
export const adminAccount = () => (account ??= createAdminAccount());

/** A second browser (its own cookies), signed in as the admin and showing /admin on `tab`. */
export async function openAdminPage(browser: Browser, tab: AdminTabName = 'Overview') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const admin = await signInAs(page.request, adminAccount());
  await gotoAdmin(page);
  if (tab !== 'Overview') await showAdminTab(page, tab);
  return { context, page, admin };
}

/**
 * Opens /admin on a page already signed in as the admin. The admin area is its own chunk, loaded on
 * a first visit: slower than a step on a busy machine, and slower still while campaigns dial.
 */
export async function gotoAdmin(page: Page, timeout = 15_000) {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({ timeout });
}

export async function showAdminTab(page: Page, tab: AdminTabName) {
  await page.getByRole('tab', { name: tab, exact: true }).click();
  await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** Types into the search box; the list is searched once typing pauses. */
export async function adminSearch(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
}

/** A second browser with a freshly registered user. */
export async function openUserPage(browser: Browser, fullName = 'Owen Owner') {
  const context = await browser.newContext();
  const page = await context.newPage();
  const user = await signUp(page, { fullName });
  return { context, page, user };
}

export const card = (page: Page, name: string) => page.getByRole('article', { name });

export async function createDraft(request: APIRequestContext, data: Record<string, unknown>) {
  const res = await request.post('/api/campaigns', { data });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; userId: number };
}

/** A new user's draft, open on their /campaigns, and an admin who has searched for it on Campaigns. */
export async function draftForOwnerAndAdmin(
  browser: Browser,
  ownerName: string,
  draft: { name: string; type: string },
) {
  const owner = await openUserPage(browser, ownerName);
  await createDraft(owner.page.request, draft);
  await owner.page.goto('/campaigns');
  const admin = await openAdminPage(browser, 'Campaigns');
  await adminSearch(admin.page, draft.name);
  return { owner, admin };
}

/** Opens the campaign dialog from its card on the admin's Campaigns tab. */
export async function openCampaignDialog(page: Page, campaignName: string) {
  await card(page, campaignName).getByRole('button', { name: 'Manage' }).click();
  const dialog = page.getByRole('dialog', { name: campaignName });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Opens the campaign dialog from its card and shows the Setup Tracking tab. */
export async function openSetupTracking(page: Page, campaignName: string) {
  const dialog = await openCampaignDialog(page, campaignName);
  await dialog.getByRole('tab', { name: 'Setup Tracking' }).click();
  return dialog;
}

/**
 * On a page signed in as the admin, while campaigns dial: /admin, the campaign found on the
 * Campaigns tab, and its dialog on the Calls tab.
 */
export async function openCampaignCalls(page: Page, campaignName: string) {
  await gotoAdmin(page, 30_000);
  await showAdminTab(page, 'Campaigns');
  await adminSearch(page, campaignName);
  const dialog = await openCampaignDialog(page, campaignName);
  await dialog.getByRole('tab', { name: 'Calls' }).click();
  return dialog;
}
