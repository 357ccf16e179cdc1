import { expect, test, type Page } from '@playwright/test';
import { adminAccount, ADMIN_TEST_TIMEOUT_MS, gotoAdmin, showAdminTab } from './adminSteps';
import { signInAs } from './admin';
import { checkout, closeToast, createOwnListDraft, summaryRow } from './checkoutSteps';
import { expectToast, signUpBusiness } from './helpers';
import { choose } from './wizardSteps';

// Billing runs on the Stripe sandbox's test clock: each advance plays a month of Stripe's
// renewals and their webhooks before it answers, on two shared cores.
test.setTimeout(ADMIN_TEST_TIMEOUT_MS * 2);

const CAMPAIGN = 'Monthly Renewal Calls';

/** The Billing section's invoice rows on /account, newest first. */
const invoiceRows = (page: Page) =>
  page.getByRole('region', { name: 'Invoices' }).locator('tbody tr[data-invoice-id]');

/** The owner's campaign card on /campaigns. */
const campaignCard = (page: Page) => page.getByRole('article', { name: CAMPAIGN });

/** Saves a card with the Billing section's card form (the sandbox's, in sandbox mode). */
async function saveCard(page: Page, number: string) {
  const form = page.getByRole('form', { name: 'Update card' });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  await form.getByRole('button', { name: 'Save card' }).click();
  await closeToast(page, 'Card Updated');
}

/** The admin's second browser advances the owner's billing clock from the user dialog. */
async function advanceBilling(admin: Page, ownerName: string, days: number) {
  await admin.getByRole('button', { name: new RegExp(`^${ownerName}, `) }).click();
  const dialog = admin.getByRole('dialog', { name: ownerName });
  const clock = dialog.getByRole('region', { name: 'Sandbox billing clock' });
  await clock.getByRole('spinbutton', { name: 'Days' }).fill(String(days));
  await clock.getByRole('button', { name: 'Advance' }).click();
  await expectToast(admin, 'Billing Clock Advanced');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test('pay at checkout, renew live, a failing card stops the campaign and a new card resumes it', async ({
  page,
  browser,
}) => {
  await signUpBusiness(page, 'Rene', 'Renewal', '(212) 555-0142');
  // 100 calls ($80) and a provided number ($20): the $250 minimum leaves $150 of prepaid credit.
  const id = await createOwnListDraft(page.request, {
    name: CAMPAIGN,
    type: 'appointment',
    monthlyCallVolume: 100,
    useProvidedNumber: true,
    providedNumberAreaCode: '907',
  });

  await page.goto(`/checkout?campaignId=${id}&amount=250`);
  const c = checkout(page);
  await expect(summaryRow(c.summary, /Monthly Calls/)).toContainText('$80.00');
  await expect(summaryRow(c.summary, /Phone Number/)).toContainText('$20.00');
  await expect(summaryRow(c.summary, 'Prepaid credit')).toContainText('$150.00');
  await expect(summaryRow(c.summary, 'Total Due Today')).toContainText('$250.00');
  await c.payButton.click();
  await expectToast(page, 'Campaign Activated', CAMPAIGN);
  await expect(page).toHaveURL('/campaigns');

  // The first invoice, paid, and the credit it left.
  await page.goto('/account');
  await expect(invoiceRows(page)).toHaveCount(1);
  await expect(invoiceRows(page).first()).toContainText('$250.00');
  await expect(invoiceRows(page).first().locator('[data-invoice-status]')).toHaveText('Paid');
  await expect(page.getByRole('region', { name: 'Credit balance' })).toContainText('$150.00');
  await expect(page.getByRole('region', { name: 'Subscriptions' })).toContainText(CAMPAIGN);

  // An admin advances the owner's clock a month: the renewal's invoice appears here by itself.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin.request, adminAccount());
  await gotoAdmin(admin);
  await showAdminTab(admin, 'Users');
  await advanceBilling(admin, 'Rene Renewal', 31);
  await expect(invoiceRows(page)).toHaveCount(2, { timeout: 20_000 });

  await expect(invoiceRows(page).first()).toContainText('$100.00');
  await expect(invoiceRows(page).first().locator('[data-invoice-status]')).toHaveText('Paid');

  // A card that saves but whose every charge fails, then another month: the renewal fails.
  await page
    .getByRole('region', { name: 'Card on file' })
    .getByRole('button', { name: 'Update card' })
    .click();
  await saveCard(page, '4000 0000 0000 0341');
  await expect(page.getByRole('region', { name: 'Card on file' })).toContainText('0341');
  await page.goto('/campaigns');
  await expect(campaignCard(page).locator('[data-status]')).toHaveText('active');
  await advanceBilling(admin, 'Rene Renewal', 31);

  // The card says why the campaign stopped, live, and offers the way out.
  const card = campaignCard(page);
  await expect(card.locator('[data-status]')).toHaveText('past due', { timeout: 20_000 });
  await expect(card.getByRole('alert')).toContainText(
    'Payment failed: calling is stopped until the card is updated.',
  );
  await card.getByRole('link', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/account\?updateCard=1#billing$/);
  await saveCard(page, '4242 4242 4242 4242');

  // The new card pays the open invoice at once and the campaign resumes by itself.
  await expect(invoiceRows(page).first().locator('[data-invoice-status]')).toHaveText('Paid', {
    timeout: 20_000,
  });
  await page.goto('/campaigns');
  await expect(campaignCard(page).locator('[data-status]')).toHaveText('active', { timeout: 20_000 });
  await expect(campaignCard(page).getByRole('alert')).toHaveCount(0);
  await adminContext.close();
});

test('the campaign page changes the volume, turns overage on, cancels at the period end and resumes', async ({
  page,
}) => {
  await signUpBusiness(page, 'Paula', 'Plan', '(212) 555-0143');
  const id = await createOwnListDraft(page.request, {
    name: CAMPAIGN,
    type: 'appointment',
    monthlyCallVolume: 100,
    useProvidedNumber: true,
    providedNumberAreaCode: '907',
  });
  await page.goto(`/checkout?campaignId=${id}&amount=250`);
  await checkout(page).payButton.click();
  await expectToast(page, 'Campaign Activated', CAMPAIGN);

  await page.goto(`/campaigns/${id}`);
  // The campaign page is a chunk of its own, loaded on a first visit by a busy machine.
  await expect(page.getByRole('heading', { name: CAMPAIGN, level: 1 })).toBeVisible({ timeout: 30_000 });
  const plan = page.getByRole('region', { name: 'Plan' });
  await expect(plan).toContainText('Billing period:');
  await expect(page.getByRole('group', { name: 'Calls of this billing period' })).toContainText('0 of 100');

  // More calls take effect at once, the rest of the period prorated.
  await choose(page, 'Calls a month', '250 calls — $200/month');
  await expect(plan.getByRole('status')).toContainText('more calls now, prorated');
  await plan.getByRole('button', { name: 'Change volume' }).click();
  await closeToast(page, 'Plan Updated');
  await expect(page.getByRole('group', { name: 'Calls of this billing period' })).toContainText('0 of 250');

  const overage = plan.getByRole('switch');
  await overage.click();
  await closeToast(page, 'Plan Updated', 'Calls past the package are billed on the next invoice.');
  await expect(overage).toBeChecked();

  // Cancel at the period's end, after a confirm; it can be resumed until then.
  await plan.getByRole('button', { name: 'Cancel campaign' }).click();
  // The confirm's own button, rendered after the page's.
  await page.getByRole('button', { name: 'Cancel campaign' }).last().click();
  await closeToast(page, 'Plan Updated');
  await expect(plan).toContainText(/Cancels on \w{3} \d{1,2}, \d{4}/);
  await expect(page.locator('.rc-page-header')).toContainText('Cancels on');
  await plan.getByRole('button', { name: 'Resume' }).click();
  await closeToast(page, 'Plan Updated', 'The campaign renews as before.');
  await expect(plan).not.toContainText('Cancels on');
  await expect(plan.getByRole('button', { name: 'Cancel campaign' })).toBeVisible();
});
