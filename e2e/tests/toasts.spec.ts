import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { markCampaignPaid } from './db';
import { checkout, createPayableDraft } from './checkoutSteps';
import { continueButton, stepTitle, typeStep } from './wizardSteps';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The toast once it has slid in (its box is only final when the animation ends). */
async function settledToast(page: Page, title: string) {
  const shown = await expectToast(page, title);
  // e2e has no DOM typings: the element's animations, as the browser gives them.
  await shown.evaluate((el) =>
    Promise.all(
      (el as unknown as { getAnimations(): { finished: Promise<unknown> }[] })
        .getAnimations()
        .map((animation) => animation.finished),
    ),
  );
  return shown;
}

/** The toast's box and the button's box do not intersect: the button stays clickable. */
async function expectNotCovering(toast: Locator, button: Locator) {
  const a = (await toast.boundingBox())!;
  const b = (await button.boundingBox())!;
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast ${JSON.stringify(a)} over button ${JSON.stringify(b)}`).toBe(false);
}

/** The top bar's height (--rc-header-height). */
const HEADER_HEIGHT = 64;

/** Centred just below the top bar, never wider than 420 px. */
async function expectPlaced(page: Page, toast: Locator) {
  const box = (await toast.boundingBox())!;
  const { width } = page.viewportSize()!;
  expect(box.width).toBeLessThanOrEqual(420 - 32);
  expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(1);
  expect(box.y).toBeGreaterThanOrEqual(HEADER_HEIGHT);
  expect(box.y).toBeLessThanOrEqual(HEADER_HEIGHT + 8);
}

for (const viewport of VIEWPORTS) {
  test.describe(`toasts at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a toast sits at the top, clear of Send, Continue and Pay', async ({ page }) => {
      test.setTimeout(60_000);
      await page.goto('/contact');
      const send = page.getByRole('button', { name: 'Send' });
      await send.click();
      const missing = await settledToast(page, 'Missing information');
      await expectNotCovering(missing, send);
      await expectPlaced(page, missing);

      await signUp(page);
      await page.goto('/campaigns/create');
      await typeStep(page, 'Toast check');
      await stepTitle(page, 'Select Audience');
      await continueButton(page).click();
      const selection = await settledToast(page, 'Selection Required');
      await expectNotCovering(selection, continueButton(page));
      await expectPlaced(page, selection);

      const { id } = await createPayableDraft(page);
      await page.goto(`/checkout?campaignId=${id}&amount=670`);
      const c = checkout(page);
      await c.couponInput.fill('NOT-A-CODE');
      await c.applyButton.click();
      const invalid = await settledToast(page, 'Invalid Coupon');
      await expectNotCovering(invalid, c.payButton);
      await expectNotCovering(invalid, c.applyButton);

      await c.cardNumber.fill('4000 0000 0000 0002');
      await c.payButton.click();
      const declined = await settledToast(page, 'Payment Failed');
      await expectNotCovering(declined, c.payButton);
      await expectPlaced(page, declined);
      // Still one toast at a time.
      await expect(page.getByRole('status')).toHaveCount(1);
    });

    test("a toast leaves the top bar and /campaigns' Create and Export CSV uncovered", async ({ page }) => {
      test.setTimeout(60_000);
      await signUp(page);
      const draft = await page.request.post('/api/campaigns', { data: { name: 'Placed', type: 'quote' } });
      expect(draft.status()).toBe(201);
      await markCampaignPaid(((await draft.json()) as { id: number }).id);
      await page.goto('/campaigns');
      const setup = await settledToast(page, 'Campaign Setup in Progress');
      await expectPlaced(page, setup);
      await expectNotCovering(setup, page.getByRole('banner'));
      await expectNotCovering(setup, page.getByRole('link', { name: 'Create', exact: true }));
      await expectNotCovering(setup, page.getByRole('link', { name: 'Export CSV', exact: true }));
    });
  });
}
