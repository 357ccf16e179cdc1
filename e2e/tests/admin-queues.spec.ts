import { expect, test } from '@playwright/test';
import { expectNoSidewaysScroll, PHONE_VIEWPORT } from './helpers';
import { ADMIN_TEST_TIMEOUT_MS, openAdminPage } from './adminSteps';

test.describe.configure({ timeout: ADMIN_TEST_TIMEOUT_MS });

test("the Queues tab shows the job queues and the call events' stream, kept current, readable at 390 px", async ({
  browser,
}) => {
  const { page, context } = await openAdminPage(browser, 'Queues');
  const jobs = page.getByRole('region', { name: 'Jobs' });
  const streams = page.getByRole('region', { name: 'Streams' });
  await expect(jobs.getByRole('row', { name: /dispatchCalls/ })).toContainText('Every 1 s');
  await expect(jobs.getByRole('row', { name: /placeCall/ })).toContainText('On demand');
  const callEvents = streams.getByRole('row', { name: /callEvents/ });
  // The stream table's batch size and linger (an idle stream lists no consumer: Redis lists one
  // from the first read that hands it entries).
  await expect(callEvents).toContainText('300');
  await expect(callEvents).toContainText('150 ms');

  // Read again every 5 s while the tab is open.
  const updated = page.getByText(/^Updated /);
  const first = await updated.textContent();
  await expect(updated).not.toHaveText(first!, { timeout: 12_000 });

  const dashboard = page.getByRole('link', { name: 'Open the queue dashboard' });
  await expect(dashboard).toHaveAttribute('href', '/admin/queues');
  const board = await page.request.get('/admin/queues');
  expect(board.status()).toBe(200);

  await page.setViewportSize(PHONE_VIEWPORT);
  await expect(jobs.getByRole('row', { name: /dispatchCalls/ })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // E2E_SHOTS=<dir> keeps a picture of the tab at a phone's width.
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: `${process.env.E2E_SHOTS}/admin-queues-390.png`, fullPage: true });
  await context.close();
});
