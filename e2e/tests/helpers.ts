import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';

let counter = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}.${counter++}@example.com`;

/** The toast region's current toast (spec: one at a time). */
export const toast = (page: Page) => page.getByRole('status');

/**
 * The toast with this title (and description) is shown. Both are matched in one check: a toast
 * that leads somewhere (a 401's trip to the login page) may be gone by a second look.
 */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const current = toast(page).filter({ hasText: title });
  await expect(description ? current.filter({ hasText: description }) : current).toBeVisible();
  return current;
}

export async function signUp(
  page: Page,
  { fullName = 'Test User', email = uniqueEmail(), password = 'secret123' } = {},
) {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill(fullName);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL('/');
  return { fullName, email, password };
}

/** A business owner signed up with the company name and callback phone that dialing needs. */
export async function signUpBusiness(page: Page, firstName: string, lastName: string, phoneNumber: string) {
  const account = await signUp(page, { fullName: `${firstName} ${lastName}` });
  const profile = await page.request.put('/api/user/profile', {
    data: { firstName, lastName, email: account.email, companyName: 'Bright Homes', phoneNumber },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return account;
}

/** A phone's screen, for the checks that nothing spills sideways. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/** Nothing on the page is wider than a phone: what is wider scrolls inside its own card. */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
            .documentElement.scrollWidth,
      ),
    )
    .toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

/** A picture of the page or a part of it: kept in E2E_SHOTS=<dir> when set, else with the test's other output. */
export async function shoot(target: Page | Locator, name: string) {
  const dir = process.env.E2E_SHOTS;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  await target.screenshot({ path: dir ? `${dir}/${name}.png` : test.info().outputPath(`${name}.png`) });
}
