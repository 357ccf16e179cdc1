import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUp, uniqueEmail } from './helpers';

const profileForm = (page: Page) => page.getByRole('form', { name: 'Profile' });
const twilioForm = (page: Page) => page.getByRole('form', { name: 'Twilio' });

test('profile: a validation message, then Save shows Profile Updated and the change sticks', async ({
  page,
}) => {
  await signUp(page, { fullName: 'Ada Lovelace' });
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  const form = profileForm(page);
  await expect(form.getByLabel('First Name')).toHaveValue('Ada');

  await form.getByLabel('First Name').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Company name is required')).toBeVisible();
  await expect(form.getByText('Phone number is required')).toBeVisible();
  // After the first submit, each change re-validates.
  await form.getByLabel('First Name').fill('Augusta');
  await expect(form.getByText('First name is required')).toBeHidden();

  const email = uniqueEmail('augusta');
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Company Name').fill('Analytical Engines');
  await form.getByLabel('Phone Number').fill('+44 20 7946 0000');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile Updated', 'Your profile has been saved.');

  await page.reload();
  await expect(profileForm(page).getByLabel('First Name')).toHaveValue('Augusta');
  await expect(profileForm(page).getByLabel('Email Address')).toHaveValue(email);
  await expect(profileForm(page).getByLabel('Company Name')).toHaveValue('Analytical Engines');
});

test('profile: an email another account uses shows the Error toast', async ({ page, browser }) => {
  const other = await browser.newPage();
  const taken = await signUp(other);
  await other.close();
  await signUp(page);
  await page.goto('/account');
  const form = profileForm(page);
  await form.getByLabel('Email Address').fill(taken.email);
  await form.getByLabel('Company Name').fill('Acme');
  await form.getByLabel('Phone Number').fill('+1 415 555 0100');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Error', 'An account with this email already exists.');
});

test('twilio: required fields, then Save shows the token only masked', async ({ page }) => {
  await signUp(page);
  await page.goto('/account');
  const form = twilioForm(page);
  await expect(form.getByLabel('Account SID')).toHaveAttribute('placeholder', /^AC/);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Account SID is required')).toBeVisible();
  await expect(form.getByText('Auth Token is required')).toBeVisible();
  await expect(form.getByText('Phone number is required')).toBeVisible();

  await form.getByLabel('Account SID').fill('AC123');
  await expect(
    form.getByText('Account SID must be "AC" followed by 32 hexadecimal characters'),
  ).toBeVisible();
  await form.getByLabel('Account SID').fill(`AC${'0123456789abcdef'.repeat(2)}`);
  await form.getByLabel('Auth Token').fill('secret-token-9876');
  await form.getByLabel('Phone Number').fill('+14155550123');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Twilio Configuration Updated');

  const token = twilioForm(page).getByLabel('Auth Token');
  await expect(token).toHaveValue('');
  await expect(token).toHaveAttribute('placeholder', '••••••••9876');
  await expect(page.getByText('secret-token-9876')).toHaveCount(0);

  await page.reload();
  await expect(twilioForm(page).getByLabel('Auth Token')).toHaveAttribute('placeholder', '••••••••9876');
  await expect(twilioForm(page).getByLabel('Phone Number')).toHaveValue('+14155550123');
});

test('the Profile, Twilio and Prospects sections collapse', async ({ page }) => {
  await signUp(page);
  await page.goto('/account');
  for (const section of ['Profile', 'Twilio', 'Prospects']) {
    await expect(page.getByRole('button', { name: section, exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  }
  await page.getByRole('button', { name: 'Twilio', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Twilio', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(twilioForm(page)).toBeHidden();
});
