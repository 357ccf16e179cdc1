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
  // National format, as the profile takes it; stored as E.164.
  await form.getByLabel('Phone Number').fill('(415) 555-0123');
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Twilio Configuration Updated');
  expect((await (await page.request.get('/api/auth/user')).json()).twilioPhoneNumber).toBe('+14155550123');
  // Checked with Twilio once saved: the account answers and owns the number.
  const connection = twilioForm(page).getByRole('status', { name: 'Twilio connection' });
  await expect(connection).toContainText('Connected');
  await expect(connection).toContainText('(415) 555-0123');

  const token = twilioForm(page).getByLabel('Auth Token');
  await expect(token).toHaveValue('');
  await expect(token).toHaveAttribute('placeholder', '••••••••9876');
  await expect(page.getByText('secret-token-9876')).toHaveCount(0);

  await page.reload();
  await expect(twilioForm(page).getByLabel('Auth Token')).toHaveAttribute('placeholder', '••••••••9876');
  await expect(twilioForm(page).getByLabel('Phone Number')).toHaveValue('(415) 555-0123');
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

test('test numbers: US and Canadian numbers only, added with a label and removed', async ({ page }) => {
  await signUp(page);
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Test numbers' });
  const form = section.getByRole('form', { name: 'Add a test number' });
  await expect(section.getByText('No test numbers yet.')).toBeVisible();

  await form.getByLabel('Phone number').fill('+44 20 7946 0956');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(form.getByText('Test numbers must be US or Canadian phone numbers.')).toBeVisible();

  await form.getByLabel('Phone number').fill('(416) 555-0199');
  await form.getByLabel('Label (optional)').fill('Office');
  await form.getByRole('button', { name: 'Add' }).click();
  await expectToast(page, 'Test Number Added');
  const office = section.locator('[data-phone="+14165550199"]');
  await expect(office).toContainText('Office');
  // The form is empty again for the next number.
  await expect(form.getByLabel('Phone number')).toHaveValue('');
  await form.getByLabel('Phone number').fill('212 555 0142');
  await form.getByRole('button', { name: 'Add' }).click();
  await expect(section.locator('[data-phone="+12125550142"]')).toContainText('(212) 555-0142');
  await expect(section.getByText('2 of 5 test numbers')).toBeVisible();

  // The same number again is refused by the server, shown in the error toast.
  await form.getByLabel('Phone number').fill('+1 212 555 0142');
  await form.getByRole('button', { name: 'Add' }).click();
  await expectToast(page, 'Error', 'This number is already one of your test numbers.');

  await section.getByRole('button', { name: 'Remove +14165550199' }).click();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expectToast(page, 'Test Number Removed');
  await expect(office).toHaveCount(0);
  await expect(section.getByText('1 of 5 test numbers')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Test numbers' }).getByText('1 of 5 test numbers'),
  ).toBeVisible();
});
