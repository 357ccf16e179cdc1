import { expect, test } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { continueButton, stepTitle } from './wizardSteps';

/** A draft that passes each step's checks, calling from the owner's own Twilio number. */
const ROOF_DRAFT = {
  type: 'quote',
  goal: 'Quotes for roofs',
  audienceIndustry: 'real estate',
  audienceAgeRange: '36-45',
  hasProvidedList: false,
  aiAgentName: 'Max',
  aiAgentVoice: 'male',
  aiAgentTone: 'confident',
  scriptAnswering: 'Hello from Max.',
  monthlyCallVolume: 250,
  useProvidedNumber: false,
  companyWebsites: 'https://roofs.example',
};

test('?edit=<id> opens a draft filled in and saves it with PUT', async ({ page }) => {
  await signUp(page);
  const res = await page.request.post('/api/campaigns', { data: { ...ROOF_DRAFT, name: 'Old name' } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };

  await page.goto(`/campaigns/create?edit=${id}`);
  await expect(page.getByRole('heading', { name: 'Edit Campaign' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Campaign Name' })).toHaveValue('Old name');
  await page.getByRole('textbox', { name: 'Campaign Name' }).fill('New name');
  for (let step = 1; step <= 7; step++) await continueButton(page).click();
  await stepTitle(page, 'Review and Payment');
  await expect(page.getByRole('region', { name: 'Campaign Summary' })).toContainText('Max (male voice)');
  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectToast(page, 'Campaign Updated', 'Your campaign has been updated successfully.');
  await expect(page).toHaveURL('/campaigns');
  await expect(page.getByRole('article', { name: 'New name' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Old name' })).toHaveCount(0);
});

test("the own-number note says the number is set up once the account's Twilio credentials are saved", async ({
  page,
}) => {
  const { email } = await signUp(page);
  const res = await page.request.post('/api/campaigns', {
    data: { ...ROOF_DRAFT, name: 'Own number' },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const openCompanyStep = async () => {
    await page.goto(`/campaigns/create?edit=${id}`);
    await expect(page.getByRole('heading', { name: 'Edit Campaign' })).toBeVisible();
    // The wizard may reopen on the step it was left at: Continue until the company step.
    const title = page.getByRole('heading', { level: 2 }).first();
    for (let step = 1; step <= 7; step++) {
      const shown = await title.textContent();
      if (shown === 'Company Data and Phone Setup') return;
      await continueButton(page).click();
      await expect(title).not.toHaveText(shown ?? '');
    }
    await stepTitle(page, 'Company Data and Phone Setup');
  };

  await openCompanyStep();
  await expect(page.getByText("We'll contact you to complete the setup.")).toBeVisible();

  const saved = await page.request.put('/api/user/profile', {
    data: {
      twilioAccountSid: `AC${'0123456789abcdef'.repeat(2)}`,
      twilioAuthToken: 'secret-token-9876',
      twilioPhoneNumber: '+14155550123',
    },
  });
  expect(saved.status(), email).toBe(200);
  await openCompanyStep();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your Twilio number (415) 555-0123 is set up' }),
  ).toBeVisible();
  await expect(page.getByText("We'll contact you to complete the setup.")).toHaveCount(0);
});
