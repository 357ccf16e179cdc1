import { expect, test, type Page } from '@playwright/test';
import { openAdminPage, showAdminTab, ADMIN_TEST_TIMEOUT_MS } from './adminSteps';
import { checkout, walkWizardToCheckout } from './checkoutSteps';
import { expectToast, signUp } from './helpers';

/**
 * The app's documents carry a Content-Security-Policy (own scripts only, no inline script): every
 * screen must still work under it. The browser reports each blocked load or script as a
 * `securitypolicyviolation` event; any one fails the test.
 */
async function watchPolicyViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (violation: string) => violations.push(violation));
  // As a string: the page's DOM types are not this project's.
  await page.addInitScript(`
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportPolicyViolation(e.violatedDirective + ' ' + e.blockedURI + ' on ' + location.pathname);
    });
  `);
  return violations;
}

const sandboxBadge = (page: Page) => page.getByRole('banner').getByText('Sandbox mode', { exact: true });

test('public pages and sign-up run under the policy, with the Sandbox mode badge', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  const res = await page.goto('/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(sandboxBadge(page)).toBeVisible();
  for (const path of ['/use-cases', '/pricing', '/faq', '/contact', '/login', '/no-such-page']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await signUp(page);
  await expect(sandboxBadge(page)).toBeVisible();
  for (const path of ['/campaigns', '/account', '/help', '/campaigns/create']) {
    await page.goto(path);
    await expect(page.getByRole('main')).not.toBeEmpty();
    await expect(sandboxBadge(page)).toBeVisible();
  }
  expect(violations).toEqual([]);
});

test('checkout pays through the sandbox card form under the policy', async ({ page }) => {
  const violations = await watchPolicyViolations(page);
  await signUp(page);
  await walkWizardToCheckout(page, 'Policy Check Calls');
  const c = checkout(page);
  await expect(c.payButton).toHaveText('Pay $670.00');
  await c.payButton.click();
  await expectToast(page, 'Campaign Activated');
  await expect(page).toHaveURL('/campaigns', { timeout: 5_000 });
  expect(violations).toEqual([]);
});

test('the admin dashboard, live over its socket, runs under the policy', async ({ browser }) => {
  test.setTimeout(ADMIN_TEST_TIMEOUT_MS);
  const { context, page } = await openAdminPage(browser);
  const violations = await watchPolicyViolations(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  await expect(sandboxBadge(page)).toBeVisible();
  for (const tab of ['Users', 'Campaigns', 'Payments', 'Support'] as const) await showAdminTab(page, tab);
  expect(violations).toEqual([]);
  await context.close();
});
