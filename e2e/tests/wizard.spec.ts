import { expect, test } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import {
  choose,
  continueButton,
  expectErrorToast,
  expectToastAndClose,
  goalAndAgentSteps,
  stepTitle,
  typeStep,
} from './wizardSteps';

// Each test walks the whole wizard.
test.describe.configure({ timeout: 90_000 });

const CSV = [
  'Name,Phone',
  'Ada Lovelace,(212) 555-0100',
  'Grace Hopper,212-555-0101',
  'No Number,not-a-phone',
  'Ada Again,+1 212 555 0100',
].join('\n');

test('the whole wizard with every step-2 toast in order, an own list, then Save as Draft', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/campaigns/create');
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
  await typeStep(page, 'Spring Checkups');

  await stepTitle(page, 'Select Audience');
  await expectErrorToast(page, 'Selection Required', 'Please select a prospect list option to continue.');
  await page.getByRole('radio', { name: /Upload My Own List/ }).check();
  await expectErrorToast(
    page,
    'Targeting Required',
    'Please select industry and age range for AI script generation.',
  );
  await choose(page, 'Industry', 'Healthcare');
  await expectErrorToast(
    page,
    'Targeting Required',
    'Please select industry and age range for AI script generation.',
  );
  await choose(page, 'Age Range', '26-35');
  await expectErrorToast(page, 'File Required', 'Please upload your prospect list file.');
  await page
    .getByLabel('Prospect list file')
    .setInputFiles({ name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expectToastAndClose(page, 'Success', '"leads.csv" was uploaded');
  const uploaded = page.getByRole('group', { name: 'Uploaded prospect list' });
  await expect(uploaded).toContainText('leads.csv');
  await expect(uploaded).toContainText('2 contacts imported', { timeout: 15_000 });
  await expect(uploaded).toContainText('2 rows skipped: 1 invalid phone number, 1 duplicate');
  await expect(uploaded.getByRole('link', { name: 'Download skipped rows' })).toHaveAttribute(
    'href',
    /^\/api\/prospect-lists\/\d+\/skipped\.csv$/,
  );
  await expectErrorToast(
    page,
    'Compliance Required',
    'Please confirm that prospects are current clients or have opted in to receive messages.',
  );
  await page.getByText('These are current clients of my business').click();
  await continueButton(page).click();

  await goalAndAgentSteps(page);

  await stepTitle(page, 'Write Call Script');
  await expect(continueButton(page)).toBeDisabled();
  await page
    .getByRole('textbox', { name: 'Answering Script (required)' })
    .fill('Hi, this is Ava from Bright Smile.');
  await continueButton(page).click();

  await stepTitle(page, 'Select Monthly Call Volume');
  await expect(page.getByRole('radio')).toHaveCount(8);
  for (const price of ['$80', '$200', '$400', '$800', '$1,600', '$2,200', '$3,400', '$5,900']) {
    await expect(page.getByText(`${price}/month`, { exact: true })).toBeVisible();
  }
  await expect(continueButton(page)).toBeDisabled();
  await page.getByRole('radio', { name: /^1,000 calls/ }).check();
  // Calling hours are optional; wider than the law, Continue names the legal window.
  const hours = page.getByRole('region', { name: 'Calling hours' });
  await expect(hours.getByRole('checkbox', { checked: true })).toHaveCount(7);
  await hours.getByLabel('Calling hours from').fill('07:00');
  await hours.getByLabel('to', { exact: true }).fill('17:00');
  await expectErrorToast(
    page,
    'Calling Hours',
    "Calling hours must lie within 08:00-21:00, the legal window in each prospect's local time.",
  );
  await hours.getByLabel('Calling hours from').fill('09:00');
  await continueButton(page).click();

  await stepTitle(page, 'Company Data and Phone Setup');
  await expect(page.getByText('Configure your Twilio credentials')).toBeVisible();
  await expect(continueButton(page)).toBeDisabled();
  await page
    .getByRole('textbox', { name: 'Company Websites to Reference' })
    .fill('https://brightsmile.example');
  await expect(continueButton(page)).toBeEnabled();
  await continueButton(page).click();

  await stepTitle(page, 'Review and Payment');
  const summary = page.getByRole('region', { name: 'Campaign Summary' });
  for (const text of [
    'Spring Checkups',
    'Book Appointment',
    'Healthcare',
    '26-35',
    'Ava (female voice)',
    '1,000',
  ]) {
    await expect(summary).toContainText(text);
  }
  const costs = page.getByRole('region', { name: 'Cost Breakdown' });
  await expect(costs.getByRole('row', { name: /Monthly Total/ })).toContainText('$800.00');
  await expect(costs.getByRole('row', { name: /Setup Total/ })).toContainText('$0.00');
  await expect(page.getByRole('region', { name: "What's Included" })).toContainText(
    'Automatic volume discounts',
  );

  await page.getByRole('button', { name: 'Save as Draft' }).click();
  await expectToast(page, 'Campaign Created', 'Your campaign has been created successfully!');
  await expect(page).toHaveURL('/campaigns');
  await expect(page.getByRole('article', { name: 'Spring Checkups' })).toBeVisible();

  // The draft is gone once the campaign exists.
  await page.goto('/campaigns/create');
  await stepTitle(page, 'Select Campaign Type');
  await expect(page.getByRole('textbox', { name: 'Campaign Name' })).toHaveValue('');
});

test('a reload keeps the data; a script is generated from a document; Proceed to Payment charges 670', async ({
  page,
}) => {
  const user = await signUp(page, { fullName: 'Nina Dent' });
  // The scripts speak for the company in the profile, and give its number to call back.
  const profile = await page.request.put('/api/user/profile', {
    data: {
      firstName: 'Nina',
      lastName: 'Dent',
      email: user.email,
      companyName: 'Spring Dental Clinic',
      phoneNumber: '(212) 555-0100',
    },
  });
  expect(profile.status()).toBe(200);
  await page.goto('/campaigns/create');
  await typeStep(page, 'Spring Checkups');
  await page.getByRole('radio', { name: /Purchase Targeted List/ }).check();
  await choose(page, 'Industry', 'Real Estate');
  await choose(page, 'Age Range', 'All ages');
  await continueButton(page).click();

  await page.reload();
  await stepTitle(page, 'Define Campaign Goal');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('radio', { name: /Purchase Targeted List/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Industry' }).locator('..')).toContainText('Real Estate');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('textbox', { name: 'Campaign Name' })).toHaveValue('Spring Checkups');
  await continueButton(page).click();
  await continueButton(page).click();
  await goalAndAgentSteps(page);

  await stepTitle(page, 'Write Call Script');
  await page
    .getByLabel('Agent documents')
    .setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expectToastAndClose(page, 'Upload failed', 'Please try again with valid document files.');
  await page.getByLabel('Agent documents').setInputFiles({
    name: 'offer.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Cleanings are 20% off in May. Book online.'),
  });
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toContainText('offer.txt');
  await page.getByRole('button', { name: 'Generate Answering Script (required)' }).click();
  await expectToastAndClose(
    page,
    'Script Generated',
    'AI has generated a script based on your campaign information.',
  );
  await expect(page.getByText('Scripts are composed from templates')).toBeVisible();
  const answering = page.getByRole('textbox', { name: 'Answering Script (required)' });
  await expect(answering).toHaveValue(
    /^Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic\. .*\nI'm calling to set up a short appointment/,
  );
  await expect(answering).toHaveValue(/Cleanings are 20% off in May\./);
  await expect(answering).not.toHaveValue(/\[|Spring Checkups/);
  await page.getByRole('button', { name: 'Generate Voicemail' }).click();
  await expect(page.getByRole('textbox', { name: 'Voicemail' })).toHaveValue(
    /Please call us back at \(212\) 555-0100 at your convenience\./,
  );
  // A gap left by hand is named at step 8, with the way back to this step.
  await page
    .getByRole('textbox', { name: 'Rebuttals' })
    .fill('"Too expensive." - We offer [Discount] this month.');
  await continueButton(page).click();

  await page.getByRole('radio', { name: /^500 calls/ }).check();
  await continueButton(page).click();

  await page
    .getByRole('textbox', { name: 'Company Websites to Reference' })
    .fill('https://brightsmile.example\nhttps://brightsmile.example/offers');
  await page.getByRole('radio', { name: /Get a Number - \$20\/month/ }).check();
  await expect(continueButton(page)).toBeDisabled();
  await choose(page, 'Area Code', '907 - Anchorage');
  await continueButton(page).click();

  await stepTitle(page, 'Review and Payment');
  const warning = page.getByRole('alert').filter({ hasText: 'Some scripts still have placeholders' });
  await expect(warning.getByRole('listitem')).toHaveText(['Rebuttals: [Discount]']);
  await warning.getByRole('button', { name: 'Fix the scripts' }).click();
  await stepTitle(page, 'Write Call Script');
  await page
    .getByRole('textbox', { name: 'Rebuttals' })
    .fill('"Too expensive." - Cleanings are 20% off in May.');
  for (const next of ['Select Monthly Call Volume', 'Company Data and Phone Setup', 'Review and Payment']) {
    await continueButton(page).click();
    await stepTitle(page, next);
  }
  await expect(warning).toHaveCount(0);
  const costs = page.getByRole('region', { name: 'Cost Breakdown' });
  await expect(costs.getByRole('row', { name: /Targeted Prospect List/ })).toContainText('$250.00');
  await expect(costs.getByRole('row', { name: /Monthly Calls/ })).toContainText('$400.00');
  await expect(costs.getByRole('row', { name: /Phone Number/ })).toContainText('$20.00');
  await expect(costs.getByRole('row', { name: /Monthly Total/ })).toContainText('$420.00');
  await expect(costs.getByRole('row', { name: /Due Today/ })).toContainText('$670.00');

  // A failed save stays on the step.
  await page.route('**/api/campaigns', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'Database unavailable', code: 'internal' }),
    }),
  );
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expectToastAndClose(page, 'Error', 'Database unavailable');
  await stepTitle(page, 'Review and Payment');
  await page.unroute('**/api/campaigns');

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expectToast(page, 'Campaign Saved', 'Campaign saved as draft. Proceeding to payment...');
  await expect(page).toHaveURL(/\/checkout\?campaignId=\d+&amount=670$/);
  const campaigns = (await (await page.request.get('/api/campaigns')).json()) as {
    id: number;
    name: string;
    status: string;
  }[];
  const saved = campaigns.find((c) => c.name === 'Spring Checkups');
  expect(saved?.status).toBe('draft');
  await expect(page).toHaveURL(`/checkout?campaignId=${saved?.id}&amount=670`);

  // The browser's Back returns to the saved draft's last step, not to an empty new campaign.
  await page.goBack();
  await expect(page).toHaveURL(`/campaigns/create?edit=${saved?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Campaign' })).toBeVisible();
  await stepTitle(page, 'Review and Payment');
  await expect(costs.getByRole('row', { name: /Due Today/ })).toContainText('$670.00');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(`/checkout?campaignId=${saved?.id}&amount=670`);
  const after = (await (await page.request.get('/api/campaigns')).json()) as { name: string }[];
  expect(after.filter((c) => c.name === 'Spring Checkups')).toHaveLength(1);
});
