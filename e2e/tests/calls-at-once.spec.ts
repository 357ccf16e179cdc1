import { expect, test } from '@playwright/test';
import { signUp } from './helpers';
import { createDraft } from './adminSteps';

test('"Calls at once" says its limit when the number is out of range, instead of only disabling Save', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUp(page);
  const { id } = await createDraft(page.request, { name: `Concurrency ${Date.now()}`, type: 'quote' });
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 45_000 });
  const field = page.getByLabel('Calls at once');
  const save = page.locator('.rc-campaign-concurrency').getByRole('button', { name: 'Save' });
  await field.fill('99');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Calls at once must be between 1 and 50' }),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(save).toBeDisabled();
  await field.fill('12');
  await expect(page.getByRole('alert').filter({ hasText: 'Calls at once' })).toHaveCount(0);
  await expect(save).toBeEnabled();
});
