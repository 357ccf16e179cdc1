import { expect, test } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { continueButton, stepTitle } from './wizardSteps';

test('?edit=<id> opens a draft filled in and saves it with PUT', async ({ page }) => {
  await signUp(page);
  const res = await page.request.post('/api/campaigns', {
    data: {
      name: 'Old name',
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
    },
  });
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
