import { expect, type Page } from '@playwright/test';
import { expectToast } from './helpers';

/** Steps through the campaign wizard (/campaigns/create) the way a user does. */
export const stepTitle = (page: Page, title: string) =>
  expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
export const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByTitle(option, { exact: true }).click();
}

/** Checks the toast, then closes it: it sits bottom right, where the wizard's buttons may be. */
export async function expectToastAndClose(page: Page, title: string, description: string) {
  const shown = await expectToast(page, title, description);
  await shown.getByRole('button', { name: 'Close' }).click();
  await expect(shown).toHaveCount(0);
}

export async function expectErrorToast(page: Page, title: string, description: string) {
  await continueButton(page).click();
  await expectToastAndClose(page, title, description);
}

/** Step 1 with a type and name; the custom goal rule for type other is checked on the way. */
export async function typeStep(page: Page, name: string) {
  await stepTitle(page, 'Select Campaign Type');
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('radio', { name: /Other \(custom goal\)/ }).check();
  await page.getByRole('textbox', { name: 'Campaign Name' }).fill(name);
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('textbox', { name: 'Custom Goal' }).fill('Invite clients to our open day');
  await expect(continueButton(page)).toBeEnabled();
  await page.getByRole('radio', { name: /Book Appointment/ }).check();
  await expect(page.getByRole('textbox', { name: 'Custom Goal' })).toHaveCount(0);
  await continueButton(page).click();
}

export async function goalAndAgentSteps(page: Page) {
  await stepTitle(page, 'Define Campaign Goal');
  await page.getByRole('textbox', { name: 'Campaign Goal' }).fill('   ');
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('textbox', { name: 'Campaign Goal' }).fill('Book a cleaning before June');
  await continueButton(page).click();

  await stepTitle(page, 'Configure AI Agent');
  await page.getByRole('textbox', { name: 'Agent Name' }).fill('Ava');
  await page.getByText('Female', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Female' })).toBeChecked();
  await expect(continueButton(page)).toBeDisabled();
  const friendly = page.getByRole('button', { name: 'Friendly' });
  await friendly.click();
  await expect(friendly).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Professional' }).click();
  await page.getByRole('button', { name: 'Professional' }).click();
  await expect(page.getByRole('button', { name: 'Professional' })).toHaveAttribute('aria-pressed', 'false');
  await continueButton(page).click();
}
