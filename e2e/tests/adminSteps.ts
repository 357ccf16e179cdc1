import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createAdminAccount, signInAs, type AdminAccount } from './admin';
import { signUp } from './helpers';

export type AdminTabName = 'Overview' | 'Users' | 'Campaigns' | 'Payments' | 'Support' | 'Do-not-call';

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
  await page.goto('/admin');
  // The admin area is its own chunk, loaded on a first visit: slower than a step on a busy machine.
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  if (tab !== 'Overview') await showAdminTab(page, tab);
  return { context, page, admin };
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

/** Opens the campaign dialog from its card and shows the Setup Tracking tab. */
export async function openSetupTracking(page: Page, campaignName: string) {
  await card(page, campaignName).getByRole('button', { name: 'Manage' }).click();
  const dialog = page.getByRole('dialog', { name: campaignName });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('tab', { name: 'Setup Tracking' }).click();
  return dialog;
}
