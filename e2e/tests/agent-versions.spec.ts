import { expect, test } from '@playwright/test';
import { COMPLETE_DRAFT_FIELDS } from './checkoutSteps';
import { runSql } from './db';
import { expectToast, signUp } from './helpers';

const SHOTS = process.env.E2E_SHOTS;

test("the owner edits a running campaign's scripts, is told they go back to review, and restores the launch version", async ({
  page,
}) => {
  // Four steps, a save and a restore, on two cores shared with the api and the worker.
  test.setTimeout(60_000);
  await signUp(page);
  const res = await page.request.post('/api/campaigns', {
    data: { ...COMPLETE_DRAFT_FIELDS, name: 'Open houses', type: 'appointment', monthlyCallVolume: 100 },
  });
  const { id } = (await res.json()) as { id: number };
  // Paid and reviewed by the team, as a launched campaign is.
  await runSql(
    "UPDATE campaigns SET status = 'active', setupPaymentProcessed = 1, setupScriptsReviewed = 1 WHERE id = ?",
    [id],
  );

  await page.goto(`/campaigns/${id}`);
  const versions = page.locator('.rc-agent-versions');
  // The page's first load reads the campaign, its chart, prospects and calls: give it time.
  await expect(versions).toContainText('The agent at launch', { timeout: 20_000 });
  await expect(versions.getByRole('row')).toHaveCount(2);
  await versions.getByRole('button', { name: 'Edit agent' }).click();

  await expect(page).toHaveURL(`/campaigns/${id}/agent`);
  await expect(page.getByRole('heading', { name: 'Define Campaign Goal' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page
    .getByRole('textbox', { name: 'Answering Script (required)' })
    .fill('Hello from Bright Homes, this is Ava.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Company Data', exact: true })).toBeVisible();
  await expect(page.getByText('Get a Number - $20/month')).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The scripts go back to review' })).toBeVisible();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-review.png`, fullPage: true });
  await page.getByRole('button', { name: 'Save changes' }).click();

  await expectToast(page, 'Agent Updated', 'Saved as version 2 of the agent.');
  await expect(page).toHaveURL(`/campaigns/${id}`);
  await expect(versions.getByRole('row')).toHaveCount(3);
  await expect(versions).toContainText("The scripts are waiting for our team's review");
  await expect(page.getByLabel('Dialing')).toHaveText('Not calling yet: the setup is not complete.');

  await versions.getByRole('button', { name: 'Restore version 1' }).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expectToast(page, 'Agent Restored', 'Version 1 is the agent again, saved as version 3.');
  await expect(versions.getByRole('row')).toHaveCount(4);
  await expect(versions).toContainText('Restored version 1');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/agent-versions.png`, fullPage: true });
});
