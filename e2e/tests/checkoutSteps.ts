import mysql from 'mysql2/promise';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { currentStack } from './stack';
import { expectToast } from './helpers';
import { choose, continueButton, goalAndAgentSteps, stepTitle, typeStep } from './wizardSteps';

/** The checkout page's blocks and controls, found the way a user finds them. */
export const checkout = (page: Page) => ({
  summary: page.getByRole('region', { name: 'Order Summary' }),
  pricing: page.getByRole('region', { name: 'Call Pricing' }),
  payment: page.getByRole('region', { name: 'Payment Details' }),
  couponInput: page.getByRole('textbox', { name: 'Coupon Code (optional)' }),
  applyButton: page.getByRole('button', { name: 'Apply' }),
  cardNumber: page.getByRole('textbox', { name: 'Card number' }),
  // While busy antd adds a loading icon to the name, so the label is matched anywhere in it.
  payButton: page.getByRole('button', { name: /Pay \$\d|Processing\.\.\./ }),
});

/** A row of the order summary by its label, and the amount it shows. */
export const summaryRow = (summary: Locator, label: string | RegExp) =>
  summary.getByRole('row', { name: label });

/** Checks the toast, then closes it: toasts sit bottom right, over the payment form's buttons. */
export async function closeToast(page: Page, title: string, description?: string | RegExp) {
  const shown = await expectToast(page, title, description);
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toHaveCount(0);
}

/**
 * Holds matching requests until `release` is called, so a test can see the page while they are
 * under way (the 'Processing...' button, the toast before activation).
 */
export async function holdRequests(page: Page, url: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const passed: Promise<void>[] = [];
  await page.route(url, (route) => {
    const passing = released.then(() => route.continue());
    passed.push(passing);
    return passing;
  });
  return {
    /** Lets the held requests go on, then stops holding new ones. */
    release: async () => {
      release();
      await Promise.all(passed);
      await page.unroute(url);
    },
  };
}

/**
 * The wizard from an empty form to Proceed to Payment: a purchased list ($250), 500 calls ($400)
 * and a provided number ($20), so checkout asks for $670. Returns the new campaign's id.
 */
export async function walkWizardToCheckout(page: Page, name: string): Promise<number> {
  await page.goto('/campaigns/create');
  await typeStep(page, name);
  await stepTitle(page, 'Select Audience');
  await page.getByRole('radio', { name: /Purchase Targeted List/ }).check();
  await choose(page, 'Industry', 'Real Estate');
  await choose(page, 'Age Range', 'All ages');
  await continueButton(page).click();
  await goalAndAgentSteps(page);
  await stepTitle(page, 'Write Call Script');
  await page
    .getByRole('textbox', { name: 'Answering Script (required)' })
    .fill('Hi, this is Ava from Bright Homes.');
  await continueButton(page).click();
  await stepTitle(page, 'Select Monthly Call Volume');
  await page.getByRole('radio', { name: /^500 calls/ }).check();
  await continueButton(page).click();
  await stepTitle(page, 'Company Data and Phone Setup');
  await page
    .getByRole('textbox', { name: 'Company Websites to Reference' })
    .fill('https://brighthomes.example');
  await page.getByRole('radio', { name: /Get a Number - \$20\/month/ }).check();
  await choose(page, 'Area Code', '907 - Anchorage');
  await continueButton(page).click();
  await stepTitle(page, 'Review and Payment');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/checkout\?campaignId=\d+&amount=670$/);
  return Number(new URL(page.url()).searchParams.get('campaignId'));
}

/** What every complete draft has besides its list, volume and number: checkout charges no less. */
export const COMPLETE_DRAFT_FIELDS = {
  audienceIndustry: 'real estate',
  audienceAgeRange: 'All ages',
  goal: 'Book viewings of our open houses',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly',
  scriptAnswering: 'Hi, this is Ava from Bright Homes.',
  companyWebsites: 'https://brighthomes.example',
};

/**
 * A complete draft made through the API with the user's own list (uploaded, consent given), so
 * checkout charges only the calls and the number. Returns its id.
 */
export async function createOwnListDraft(request: APIRequestContext, fields: Record<string, unknown>) {
  const csv = Buffer.from('Name,Phone\nAda Lovelace,(212) 555-0100\n');
  const upload = await request.post('/api/prospect-lists/upload', {
    multipart: { file: { name: 'leads.csv', mimeType: 'text/csv', buffer: csv } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { prospectList } = (await upload.json()) as { prospectList: { id: number } };
  const res = await request.post('/api/campaigns', {
    data: {
      ...COMPLETE_DRAFT_FIELDS,
      hasProvidedList: true,
      prospectListId: prospectList.id,
      prospectsOptedIn: true,
      ...fields,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

/** The Payment rows recorded for a campaign (what was really charged), straight from the database. */
export async function paymentsOf(campaignId: number): Promise<{ amountCents: number; status: string }[]> {
  const conn = await mysql.createConnection({ uri: currentStack().DATABASE_URL });
  try {
    const [rows] = await conn.query('SELECT amountCents, status FROM payments WHERE campaignId = ?', [
      campaignId,
    ]);
    return (rows as { amountCents: number; status: string }[]).map((r) => ({
      ...r,
      amountCents: Number(r.amountCents),
    }));
  } finally {
    await conn.end();
  }
}

/**
 * A complete draft made through the API with a purchased list ($250), 500 calls ($400) and a
 * provided number ($20), so its checkout asks for $670.
 */
export async function createPayableDraft(page: Page, overrides: Record<string, unknown> = {}) {
  const res = await page.request.post('/api/campaigns', {
    data: {
      ...COMPLETE_DRAFT_FIELDS,
      name: 'Open House Calls',
      type: 'appointment',
      hasProvidedList: false,
      monthlyCallVolume: 500,
      useProvidedNumber: true,
      providedNumberAreaCode: '907',
      ...overrides,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}
