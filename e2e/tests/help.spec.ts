import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUp } from './helpers';
import { signInAsAdmin } from './admin';

const supportForm = (page: Page) => page.getByRole('form', { name: 'Contact support' });
const ticketCard = (page: Page, subject: string) => page.getByRole('article', { name: subject });

async function sendTicket(page: Page, subject: string, message: string) {
  const form = supportForm(page);
  await form.getByLabel('Subject').fill(subject);
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Send' }).click();
}

test('create a support ticket and see it listed', async ({ page }) => {
  const user = await signUp(page, { fullName: 'Grace Hopper' });
  await page.goto('/help');
  await expect(page.getByRole('heading', { name: 'Help & Support' })).toBeVisible();
  const form = supportForm(page);
  await expect(form.getByLabel('Name')).toHaveValue('Grace Hopper');
  await expect(form.getByLabel('Email')).toHaveValue(user.email);
  await expect(form.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(page.getByText('No support tickets yet.')).toBeVisible();

  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByText('Subject is required')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters')).toBeVisible();

  await sendTicket(page, 'Calls are not starting', 'My campaign is active but no calls were placed today.');
  await expectToast(page, 'Support Ticket Created', "We'll get back to you soon!");
  await expect(form.getByLabel('Subject')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  await expect(form.getByText('Subject is required')).toBeHidden();

  const card = ticketCard(page, 'Calls are not starting');
  await expect(card).toBeVisible();
  await expect(card).toContainText('open');
  await expect(card).toContainText('My campaign is active but no calls were placed today.');
  await expect(card).toContainText('Created');
  await expect(card).not.toContainText('Admin Response');

  await page.reload();
  await expect(ticketCard(page, 'Calls are not starting')).toBeVisible();
});

test('the FAQ section shows the same questions as /faq', async ({ page }) => {
  await signUp(page);
  await page.goto('/help');
  const section = page.getByRole('button', { name: 'FAQ', exact: true });
  await expect(section).toHaveAttribute('aria-expanded', 'false');
  await section.click();
  const question = page.getByRole('button', { name: 'How do I set up a campaign?' });
  await question.click();
  await expect(
    page.getByText('Select Type: choose what the campaign is for', { exact: false }),
  ).toBeVisible();
});

test("an admin's change appears on the open /help page without a reload", async ({ page, request }) => {
  await signUp(page);
  await page.goto('/help');
  const subject = `Billing question ${Date.now()}`;
  await sendTicket(page, subject, 'Why was I charged twice this month?');
  const card = ticketCard(page, subject);
  await expect(card).toContainText('open');
  await page.evaluate(() => ((globalThis as unknown as { sameDocument: boolean }).sameDocument = true));

  await signInAsAdmin(request);
  const list = await request.get('/api/admin/support-tickets');
  expect(list.ok()).toBe(true);
  const ticket = ((await list.json()) as { id: number; subject: string }[]).find(
    (t) => t.subject === subject,
  );
  expect(ticket).toBeTruthy();

  // The change must arrive as a push: no re-read of the list while we wait for it.
  const reads: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'GET' && new URL(req.url()).pathname === '/api/support-tickets')
      reads.push(req.url());
  });
  const progress = await request.put(`/api/admin/support-tickets/${ticket!.id}`, {
    data: { status: 'in_progress', adminResponse: 'We are looking into the duplicate charge.' },
  });
  expect(progress.ok()).toBe(true);
  await expect(card.locator('[data-status]')).toHaveText('in progress');
  await expect(card).toContainText('Admin Response');
  await expect(card).toContainText('We are looking into the duplicate charge.');
  expect(reads).toEqual([]);

  await request.put(`/api/admin/support-tickets/${ticket!.id}`, {
    data: { status: 'resolved', adminResponse: 'Refunded the second charge.' },
  });
  await expect(card.locator('[data-status]')).toHaveText('resolved');
  await expect(card).toContainText('Refunded the second charge.');
  expect(await page.evaluate(() => (globalThis as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
    true,
  );
});
