import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectToast } from './helpers';
import {
  adminSearch,
  createDraft,
  openAdminPage,
  openUserPage,
  ADMIN_TEST_TIMEOUT_MS,
  openCampaignDialog,
} from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

const CSV = ['Full Name,Phone Number', 'Ada Lovelace,(212) 555-0100'].join('\n');

test('an admin downloads the files a campaign was set up with, under their original names', async ({
  browser,
}) => {
  const owner = await openUserPage(browser, 'Dora Download');
  const upload = await owner.page.request.post('/api/prospect-lists/upload', {
    multipart: { file: { name: 'spring leads.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { prospectList } = (await upload.json()) as { prospectList: { id: number; name: string } };
  const docs = await owner.page.request.post('/api/agent-documents/upload', {
    multipart: {
      documents: { name: 'Pricing notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Our prices.') },
    },
  });
  expect(docs.status(), await docs.text()).toBe(201);
  const { files } = (await docs.json()) as { files: { filename: string }[] };
  const name = `Download campaign ${Date.now()}`;
  await createDraft(owner.page.request, {
    name,
    type: 'quote',
    hasProvidedList: true,
    prospectListId: prospectList.id,
    prospectListFile: prospectList.name,
    agentDocuments: files.map((f) => f.filename),
  });

  const admin = await openAdminPage(browser, 'Campaigns');
  await adminSearch(admin.page, name);
  const dialog = await openCampaignDialog(admin.page, name);
  await expect(dialog.getByRole('tab', { name: 'Campaign Details' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const fileList = dialog.getByRole('list', { name: 'Uploaded files' });
  await expect(fileList).toContainText('spring leads.csv');

  const listDownload = admin.page.waitForEvent('download');
  await fileList.getByRole('button', { name: 'Download spring leads.csv' }).click();
  const download = await listDownload;
  expect(download.suggestedFilename()).toBe('spring leads.csv');
  expect(await readFile((await download.path())!, 'utf8')).toBe(CSV);
  await expectToast(admin.page, 'Download Started');

  // The original is offered beside it, behind a warning about formulas.
  await fileList.getByRole('button', { name: 'Download the original of spring leads.csv' }).click();
  await expect(admin.page.getByRole('tooltip')).toContainText('may run formulas');
  const originalDownload = admin.page.waitForEvent('download');
  await admin.page.getByRole('button', { name: 'Download original' }).click();
  expect(await readFile((await (await originalDownload).path())!, 'utf8')).toBe(CSV);

  // The agent document is listed and saved under the name it was uploaded as.
  await expect(fileList).toContainText('Pricing notes.txt');
  const docDownload = admin.page.waitForEvent('download');
  await fileList.getByRole('button', { name: 'Download Pricing notes.txt' }).click();
  expect((await docDownload).suggestedFilename()).toBe('Pricing notes.txt');

  // The file cannot be fetched: the spec's failure toast.
  await admin.page.route('**/api/admin/download/**', (route) =>
    route.fulfill({ status: 404, body: '{"error":"Not found"}' }),
  );
  await fileList.getByRole('button', { name: 'Download spring leads.csv' }).click();
  await expectToast(admin.page, 'Download Failed', 'Failed to download file');

  await admin.context.close();
  await owner.context.close();
});
