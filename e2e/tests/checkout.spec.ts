import { expect, test } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import {
  checkout,
  closeToast,
  createOwnListDraft,
  createPayableDraft,
  holdRequests,
  paymentsOf,
  summaryRow,
  walkWizardToCheckout,
} from './checkoutSteps';

test.describe.configure({ timeout: 120_000 });

const CONFIRM_URL = '**/sandbox/stripe/v1/payment_intents/*/confirm';
const ACTIVATE_URL = '**/api/activate-campaign';

test('wizard -> checkout -> coupon -> a declined card, then a paid one -> the campaign is active', async ({
  page,
}) => {
  await signUp(page);
  const campaignId = await walkWizardToCheckout(page, 'Open House Calls');
  await closeToast(page, 'Campaign Saved', 'Campaign saved as draft. Proceeding to payment...');
  const c = checkout(page);

  await expect(page.getByRole('heading', { name: 'Complete Your Payment', level: 1 })).toBeVisible();
  await expect(c.summary).toContainText('Open House Calls');
  await expect(summaryRow(c.summary, 'Campaign Setup')).toContainText('Included');
  await expect(summaryRow(c.summary, 'Prospect List (Optional)')).toContainText('$250.00');
  await expect(summaryRow(c.summary, 'Monthly Calls (500 calls)')).toContainText('$400.00');
  await expect(summaryRow(c.summary, 'Phone Number (monthly)')).toContainText('$20.00');
  await expect(summaryRow(c.summary, 'Total Due Today')).toContainText('$670.00');
  for (const rate of ['$0.80', '$0.60', '$0.50']) await expect(c.pricing).toContainText(rate);
  await expect(c.payment.getByText('Sandbox mode')).toBeVisible();
  await expect(c.payment).toContainText('4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined');
  await expect(c.payment).toContainText('processed securely by our card payment provider');
  await expect(c.payment).toContainText('never stored');
  await expect(c.payButton).toHaveText('Pay $670.00');

  // The coupon: Apply waits for a code, an unknown code is refused by the server, then one applies once.
  await expect(c.applyButton).toBeDisabled();
  await c.couponInput.fill('   ');
  await expect(c.applyButton).toBeDisabled();
  await c.couponInput.fill('NOT-A-CODE');
  await expect(c.applyButton).toBeEnabled();
  await c.applyButton.click();
  await closeToast(page, 'Invalid Coupon', 'Coupon code is not valid or has expired.');
  await expect(c.couponInput).toBeEnabled();
  await c.couponInput.fill(' WELCOME10 ');
  await c.applyButton.click();
  await closeToast(page, 'Coupon Applied', /Welcome 10%.*10% off/);
  await expect(summaryRow(c.summary, /^Coupon .*10% off/)).toContainText('-$67.00');
  await expect(summaryRow(c.summary, 'Total Due Today')).toContainText('$603.00');
  await expect(c.couponInput).toBeDisabled();
  await expect(c.applyButton).toBeDisabled();
  await expect(c.payButton).toHaveText('Pay $603.00');

  // The declined test card: 'Processing...' while the provider answers, then its message.
  await c.cardNumber.fill('4000 0000 0000 0002');
  const declining = await holdRequests(page, CONFIRM_URL);
  await c.payButton.click();
  await expect(c.payButton).toHaveText('Processing...');
  await expect(c.payButton).toBeDisabled();
  await declining.release();
  await closeToast(page, 'Payment Failed', 'Your card was declined.');
  await expect(c.payButton).toHaveText('Pay $603.00');
  await expect(c.payButton).toBeEnabled();

  // The test card that succeeds; activation is held a moment so its toast can be seen first.
  await c.cardNumber.fill('4242 4242 4242 4242');
  const activating = await holdRequests(page, ACTIVATE_URL);
  await c.payButton.click();
  await expectToast(page, 'Payment Successful', 'Thank you for your purchase!');
  await activating.release();
  await expectToast(page, 'Campaign Activated', 'Open House Calls');
  await expect(page).toHaveURL('/campaigns', { timeout: 5_000 });

  const card = page.getByRole('article', { name: 'Open House Calls' });
  await expect(card.locator('[data-status]')).toHaveText('active');
  await card.getByRole('button', { name: 'View Setup Details' }).click();
  await expect(
    card.getByRole('list', { name: 'Setup steps' }).getByRole('listitem').filter({ hasText: 'Payment' }),
  ).toHaveText(/Payment\s*Complete/);
  expect(await paymentsOf(campaignId)).toEqual([{ amountCents: 60300, status: 'succeeded' }]);

  // Paid for: the checkout link now says so instead of taking a second payment.
  await page.goto(`/checkout?campaignId=${campaignId}&amount=603`);
  await expect(page.getByText('This campaign has already been paid for.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Campaigns' })).toHaveAttribute('href', '/campaigns');
});

test('a tampered amount in the link: the server prices the campaign, and that is what is charged', async ({
  page,
}) => {
  await signUp(page);
  const id = await createOwnListDraft(page.request, {
    name: 'Own list, 1,000 calls',
    type: 'quote',
    monthlyCallVolume: 1000,
    useProvidedNumber: false,
  });

  const intentRequest = page.waitForRequest('**/api/create-payment-intent');
  await page.goto(`/checkout?campaignId=${id}&amount=1`);
  // The link's amount goes along raised to the 250 minimum (spec §5); the server ignores it.
  expect((await intentRequest).postDataJSON()).toEqual({ campaignId: id, amount: 250 });
  const c = checkout(page);
  await expect(summaryRow(c.summary, 'Monthly Calls (1,000 calls)')).toContainText('$800.00');
  await expect(summaryRow(c.summary, 'Prospect List (Optional)')).toHaveCount(0);
  await expect(summaryRow(c.summary, 'Phone Number (monthly)')).toHaveCount(0);
  await expect(summaryRow(c.summary, 'Total Due Today')).toContainText('$800.00');
  await expect(c.payButton).toHaveText('Pay $800.00');

  await c.payButton.click(); // The sandbox form comes filled in with the test card that succeeds.
  await expectToast(page, 'Campaign Activated');
  await expect(page).toHaveURL('/campaigns', { timeout: 5_000 });
  expect(await paymentsOf(id)).toEqual([{ amountCents: 80000, status: 'succeeded' }]);
});

test('links to nothing payable explain themselves; a failed start keeps the spinner', async ({ page }) => {
  await signUp(page);
  for (const url of [
    '/checkout',
    '/checkout?campaignId=abc&amount=670',
    '/checkout?campaignId=999999&amount=670',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
    await expect(page.getByText('Campaign not found')).toBeVisible();
    await expect(page.getByText('press Pay & Launch on its card in your campaign list')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Campaigns' })).toHaveAttribute('href', '/campaigns');
  }

  // A draft with only a name and type: the server refuses to charge for it and names what is missing.
  const res = await page.request.post('/api/campaigns', { data: { name: 'Flaky start', type: 'birthday' } });
  const { id } = (await res.json()) as { id: number };
  await page.goto(`/checkout?campaignId=${id}&amount=250`);
  await expect(page.getByText('Campaign not ready')).toBeVisible();
  await expect(
    page.getByText(/^This campaign is not ready to pay for: choose a prospect list, .+\.$/),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Finish Campaign Setup' })).toHaveAttribute(
    'href',
    `/campaigns/create?edit=${id}`,
  );
  await expect(page.getByRole('link', { name: 'Back to Campaigns' })).toHaveAttribute('href', '/campaigns');

  await page.route('**/api/create-payment-intent', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"error":"Stripe is down","code":"internal"}',
    }),
  );
  await page.goto(`/checkout?campaignId=${id}&amount=250`);
  await expectToast(page, 'Error', 'Failed to initialize payment. Please try again.');
  const payment = checkout(page).payment;
  await expect(payment.getByText('Preparing your secure payment...')).toBeVisible();
  await expect(payment.getByRole('textbox', { name: 'Card number' })).toHaveCount(0);
});

test('a saved draft is paid for from its card: Pay & Launch, checkout, active', async ({ page }) => {
  await signUp(page);
  const { id } = await createPayableDraft(page, { name: 'Saved for later' });
  await page.goto('/campaigns');
  const card = page.getByRole('article', { name: 'Saved for later' });
  await expect(card.getByRole('button', { name: 'Start' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Pay & Launch' }).click();

  // The amount from the shared pricing: $250 list + $400 calls + $20 number.
  await expect(page).toHaveURL(`/checkout?campaignId=${id}&amount=670`);
  const campaignsTab = page.locator('.rc-app-tabs').getByRole('link', { name: 'Campaigns' });
  await expect(campaignsTab).toHaveAttribute('aria-current', 'page');
  const c = checkout(page);
  await expect(summaryRow(c.summary, 'Total Due Today')).toContainText('$670.00');
  await c.payButton.click(); // The sandbox form comes filled in with the test card that succeeds.
  await expectToast(page, 'Campaign Activated', 'Saved for later');
  await expect(page).toHaveURL('/campaigns', { timeout: 5_000 });
  await expect(card.locator('[data-status]')).toHaveText('active');
  await expect(card.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Pay & Launch' })).toHaveCount(0);
  expect(await paymentsOf(id)).toEqual([{ amountCents: 67000, status: 'succeeded' }]);
});

test('the Campaigns tab stays highlighted in the wizard and at checkout', async ({ page }) => {
  await signUp(page);
  const campaignsTab = page.locator('.rc-app-tabs').getByRole('link', { name: 'Campaigns' });
  for (const path of ['/campaigns', '/campaigns/create', '/checkout']) {
    await page.goto(path);
    await expect(campaignsTab, path).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('.rc-app-tabs [aria-current="page"]')).toHaveCount(1);
  }
});

test('checkout names a script that still has a placeholder and links back to the script step', async ({
  page,
}) => {
  await signUp(page);
  const { id } = await createPayableDraft(page, {
    name: 'Gaps to fill',
    scriptVoicemail: 'Please call us back at [Callback Number]. Thank you!',
  });
  await page.goto(`/checkout?campaignId=${id}&amount=670`);
  const warning = page.getByRole('alert').filter({ hasText: 'Some scripts still have placeholders' });
  await expect(warning.getByRole('listitem')).toHaveText(['Voicemail: [Callback Number]']);
  await warning.getByRole('link', { name: 'Fix the scripts' }).click();

  await expect(page).toHaveURL(`/campaigns/create?edit=${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Campaign', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Write Call Script', level: 2 })).toBeVisible();
  const voicemail = page.getByRole('textbox', { name: 'Voicemail' });
  await expect(voicemail).toHaveValue('Please call us back at [Callback Number]. Thank you!');
  await voicemail.fill('Please call us back at (212) 555-0100. Thank you!');
  for (const next of ['Select Monthly Call Volume', 'Company Data and Phone Setup', 'Review and Payment']) {
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: next, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('Some scripts still have placeholders')).toHaveCount(0);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(`/checkout?campaignId=${id}&amount=670`);
  await expect(checkout(page).summary).toContainText('Gaps to fill');
  await expect(page.getByText('Some scripts still have placeholders')).toHaveCount(0);
});
