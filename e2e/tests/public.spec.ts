import { expect, test, type Page } from '@playwright/test';
import { expectToast } from './helpers';

test('home: hero, highlight cards and the closing call to action', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Ringcast | AI Voice Agents for Outbound and Inbound Calls');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  for (const text of [
    'Get more leads. Retain more clients.',
    'Automate thousands of calls with AI agents',
    'No credit card required',
    '24/7',
    '0 drama',
    '80% cheaper',
    'Built for intelligent calling',
    'Every industry. Every use case.',
  ]) {
    await expect(page.getByText(text, { exact: true }).first()).toBeAttached();
  }
  await page.getByText('Start your first campaign.').scrollIntoViewIfNeeded();
  await expect(page.getByText('Start your first campaign.')).toBeVisible();
  await page.getByRole('link', { name: 'Get started today!' }).click();
  await expect(page).toHaveURL('/login?tab=register');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
});

test('every sign-up button opens the Sign Up tab; Log In the Sign In tab', async ({ page }) => {
  const SIGN_UP = '/login?tab=register';
  await page.goto('/');
  await expect(page.locator('header').getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    SIGN_UP,
  );
  await expect(page.locator('header').getByRole('link', { name: 'Log In' })).toHaveAttribute(
    'href',
    '/login',
  );
  await expect(page.getByRole('link', { name: 'Get started today!' })).toHaveAttribute('href', SIGN_UP);
  await expect(
    page
      .getByRole('region', { name: 'Start your first campaign.' })
      .getByRole('link', { name: 'Get started' }),
  ).toHaveAttribute('href', SIGN_UP);
  await expect(page.locator('footer').getByRole('link', { name: 'Get started' })).toHaveAttribute(
    'href',
    SIGN_UP,
  );
  for (const path of ['/faq', '/use-cases', '/industries']) {
    await page.goto(path);
    await expect(page.locator('main').getByRole('link', { name: /^Get started/ })).toHaveAttribute(
      'href',
      SIGN_UP,
    );
  }
  await page.goto('/pricing');
  await page.getByLabel('Monthly calls').fill('500');
  await page.getByRole('link', { name: 'Get Started - $400/month' }).click();
  await expect(page).toHaveURL(SIGN_UP);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});

test('home: the top bar turns white after 50 px of scrolling', async ({ page }) => {
  await page.goto('/');
  const bar = page.locator('header.rc-public-header');
  await expect(bar).toHaveAttribute('data-scrolled', 'false');
  await page.mouse.wheel(0, 400);
  await expect(bar).toHaveAttribute('data-scrolled', 'true');
});

async function expectOneOpenAtATime(page: Page, cards: string, first: string, second: string) {
  const a = page.locator(`[${cards}="${first}"]`);
  const b = page.locator(`[${cards}="${second}"]`);
  await a.scrollIntoViewIfNeeded();
  await expect(a).toHaveAttribute('aria-expanded', 'false');
  await a.click();
  await expect(a).toHaveAttribute('aria-expanded', 'true');
  await b.click();
  await expect(b).toHaveAttribute('aria-expanded', 'true');
  await expect(a).toHaveAttribute('aria-expanded', 'false');
  await b.click();
  await expect(b).toHaveAttribute('aria-expanded', 'false');
}

test('home: industry cards open one at a time with the hints', async ({ page }) => {
  await page.goto('/');
  const grid = page.locator('#industries-section');
  await expect(grid.locator('[data-card-id]')).toHaveCount(12);
  await expectOneOpenAtATime(page, 'data-card-id', 'sales', 'healthcare');
  await page.locator('[data-card-id="insurance"]').click();
  await expect(page.locator('[data-card-id="insurance"]')).toContainText('Click to collapse');
  await expect(page.locator('[data-card-id="insurance"]')).toContainText('Use Cases:');
  await expect(page.locator('[data-card-id="sales"]')).toContainText('Click to expand');
});

test('use cases and industries pages', async ({ page }) => {
  await page.goto('/use-cases');
  await expect(page.locator('[data-card-id]')).toHaveCount(6);
  await expectOneOpenAtATime(page, 'data-card-id', 'lead-qualification', 'promos-contests');
  await page.goto('/industries');
  await expect(page.locator('[data-card-id]')).toHaveCount(8);
  await expectOneOpenAtATime(page, 'data-card-id', 'insurance', 'collections-billing');
  await page.getByRole('link', { name: 'See top use cases' }).click();
  await expect(page).toHaveURL('/use-cases');
});

test('pricing calculator: graduated totals, discount box and the call to action', async ({ page }) => {
  await page.goto('/pricing');
  const input = page.getByLabel('Monthly calls');
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('calculator-total')).toHaveCount(0);
  const cases: [string, string, boolean][] = [
    ['100', '$80', false],
    ['2000', '$1,600', false],
    ['2001', '$1,600.60', true],
    ['5000', '$3,400', true],
    ['10000', '$5,900', true],
  ];
  for (const [calls, total, discount] of cases) {
    await input.fill(calls);
    await expect(page.getByTestId('calculator-total')).toContainText(total);
    await expect(page.getByTestId('calculator-discount')).toHaveCount(discount ? 1 : 0);
    await expect(page.getByRole('link', { name: `Get Started - ${total}/month` })).toHaveAttribute(
      'href',
      '/login?tab=register',
    );
  }
  await expect(page.getByText('Volume Discount Applied')).toBeVisible();
  await input.fill('0');
  await expect(page.getByTestId('calculator-total')).toHaveCount(0);
});

test('pricing and FAQ: 16 and 17 questions, one open at a time', async ({ page }) => {
  await page.goto('/pricing');
  // The page's code loads after the shell: wait for it as a click would.
  await page.locator('[data-faq-id="video-demo"]').waitFor();
  await expect(page.locator('[data-faq-id]')).toHaveCount(16);
  const ids = await page
    .locator('[data-faq-id]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-faq-id')!));
  await expectOneOpenAtATime(page, 'data-faq-id', ids[0], ids[1]);
  await page.goto('/faq');
  await expect(page.locator('[data-faq-id]')).toHaveCount(17);
});

test('contact: missing fields, then a message sent', async ({ page }) => {
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Missing information', 'Please fill in all required fields.');

  await page.getByLabel('Name*').fill('Grace Hopper');
  await page.getByLabel('Email*').fill('grace@example.com');
  await page.getByLabel('Company (optional)').fill('Navy');
  await page.getByLabel('Message*').fill('We would like 5,000 reminder calls a month.');
  await page.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Message sent!', "We'll get back to you within 24 hours.");
  await expect(page.getByLabel('Name*')).toHaveValue('');
});

test('small screens: the section links sit behind a menu button', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
  await page.goto('/');
  await expect(page.locator('.rc-public-nav')).toBeHidden();
  await page.locator('.rc-top-bar-menu-button').click();
  await page.locator('#rc-public-menu').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await page.close();
});

test('the demo video link appears only when DEMO_VIDEO_URL is set', async ({ page }) => {
  // This run's app has no DEMO_VIDEO_URL: the question stays, the link does not.
  // The page reads its config once, as it loads (the Sandbox badge asks too): wait from before.
  const configRead = page.waitForResponse('**/api/config');
  await page.goto('/pricing');
  await page.locator('[data-faq-id="video-demo"]').click();
  expect(await (await configRead).json()).toMatchObject({ demoVideoUrl: null });
  await expect(page.locator('[data-faq-id="video-demo"]')).toContainText('Ask for a walkthrough');
  await expect(page.getByRole('link', { name: 'Watch Demo Video' })).toHaveCount(0);

  // A deployment that sets it gets the link, opening in a new tab.
  const video = 'https://videos.example/ringcast-demo';
  await page.route('**/api/config', async (route) => {
    const real = await route.fetch();
    await route.fulfill({ response: real, json: { ...(await real.json()), demoVideoUrl: video } });
  });
  await page.goto('/faq');
  await page.locator('[data-faq-id="video-demo"]').click();
  const demo = page.getByRole('link', { name: 'Watch Demo Video' });
  await expect(demo).toHaveAttribute('href', video);
  await expect(demo).toHaveAttribute('target', '_blank');
});

test('the FAQ promises no CRM connection: results export as CSV', async ({ page }) => {
  await page.goto('/faq');
  await page.locator('[data-faq-id="crm-logging"]').click();
  const answer = page.locator('[data-faq-id="crm-logging"]');
  await expect(answer).toContainText('Not automatically');
  await expect(answer).toContainText('exports them as a CSV file');
  await expect(page.locator('main')).not.toContainText('connect the agent to your CRM');
  await page.goto('/pricing');
  await expect(page.locator('main')).not.toContainText('logged to your CRM');
  await expect(page.getByText('Campaign results exported as CSV')).toBeVisible();
});
