import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { markCampaignPaid } from './db';

const CSV = [
  'Full Name, Phone Number ,E-mail',
  'Ada Lovelace,(212) 555-0100,ada@example.com',
  'Grace Hopper,212-555-0101,grace@example.com',
  'Ada Again,+1 212 555 0100,',
  'No Number,123,',
].join('\n');

// The worker may still be starting when the first upload lands (it boots beside the api).
const WORKER_TIMEOUT = { timeout: 25_000 };

const fileInput = (page: Page) => page.getByLabel('Prospect list file');
const listRow = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name });

async function uploadCsv(page: Page, name: string) {
  await fileInput(page).setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByText(`(${(Buffer.byteLength(CSV) / 1024).toFixed(1)} KB)`)).toBeVisible();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expectToast(page, 'List Uploaded', `"${name}" was uploaded`);
}

test('uploading a CSV on /account shows its contact count when the worker is done, without a reload', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/account');
  await expect(page.getByText('No prospect lists uploaded yet.')).toBeVisible();
  await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));

  await uploadCsv(page, 'leads.csv');
  // Two valid numbers: one row repeats Ada's number and one is not a number.
  const row = listRow(page, 'leads.csv');
  await expect(row.getByText('2 contacts imported')).toBeVisible(WORKER_TIMEOUT);
  await expect(row).toContainText('2 rows skipped: 1 invalid phone number, 1 duplicate');
  const downloading = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download skipped rows' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('leads-skipped-rows.csv');
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(
    [
      '\uFEFFReason,Full Name,Phone Number,E-mail',
      // A phone number is not a formula: kept as it is, for a spreadsheet or a CRM to import.
      'Duplicate phone number,Ada Again,+1 212 555 0100,',
      'Invalid phone number,No Number,123,',
      '',
    ].join('\r\n'),
  );
  await expect(listRow(page, 'leads.csv')).toContainText(
    `Uploaded ${new Date().toLocaleDateString('en-US')}`,
  );
  expect(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
    true,
  );
});

test('a file of the wrong type or over 10MB is refused before upload', async ({ page }) => {
  await signUp(page);
  await page.goto('/account');
  await fileInput(page).setInputFiles({
    name: 'photo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a csv'),
  });
  await expectToast(page, 'Invalid File Type', 'Please upload a CSV or Excel file (.csv, .xlsx, .xls)');
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);

  await fileInput(page).setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 'a'),
  });
  await expectToast(page, 'File Too Large', 'File size must be less than 10MB');
  await expect(page.getByRole('button', { name: 'Upload', exact: true })).toHaveCount(0);
});

test('Cancel clears the chosen file', async ({ page }) => {
  await signUp(page);
  await page.goto('/account');
  await fileInput(page).setInputFiles({ name: 'maybe.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('maybe.csv')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Choose CSV or Excel File' })).toBeVisible();
});

test('deleting a list asks for confirmation first', async ({ page }) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/account');
  await uploadCsv(page, 'old-leads.csv');
  await expect(listRow(page, 'old-leads.csv').getByText('2 contacts imported')).toBeVisible(WORKER_TIMEOUT);

  const prompts: string[] = [];
  page.once('dialog', (dialog) => {
    prompts.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Delete old-leads.csv' }).click();
  await expect.poll(() => prompts).toEqual(['Are you sure you want to delete this prospect list?']);
  await expect(listRow(page, 'old-leads.csv')).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete old-leads.csv' }).click();
  await expectToast(page, 'List Deleted');
  await expect(page.getByText('No prospect lists uploaded yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No prospect lists uploaded yet.')).toBeVisible();
});

test("the list of a running campaign stays: deleting it is refused with the campaign's name", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUp(page);
  await page.goto('/account');
  await uploadCsv(page, 'in-use.csv');
  await expect(listRow(page, 'in-use.csv').getByText('2 contacts imported')).toBeVisible(WORKER_TIMEOUT);
  const [list] = (await (await page.request.get('/api/prospect-lists')).json()) as { id: number }[];
  const created = await page.request.post('/api/campaigns', {
    data: { name: 'Spring checkups', type: 'appointment', hasProvidedList: true, prospectListId: list.id },
  });
  const { id } = (await created.json()) as { id: number };
  await markCampaignPaid(id);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Delete in-use.csv' }).click();
  const refused = await expectToast(page, 'Error');
  await expect(refused.locator('.rc-toast-description')).toHaveText(
    'This list is used by "Spring checkups". Pause that campaign first.',
  );
  await page.reload();
  await expect(listRow(page, 'in-use.csv')).toBeVisible();
});
