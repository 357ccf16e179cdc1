import { expect, test } from '@playwright/test';
import { expectToast, signUp, uniqueEmail } from './helpers';

test('sign up, sign out and sign in again through the browser', async ({ page }) => {
  const user = await signUp(page, { fullName: 'Ada Lovelace' });
  await expectToast(page, 'Account created!', "You're now logged in.");
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(page.getByText('Manage your campaigns')).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await expect(page.getByText(user.email)).toBeVisible();
  await page.getByText('Log out').click();
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Get more leads. Retain more clients.')).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);

  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectToast(page, 'Welcome back!', "You've been successfully logged in.");
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
});

test('a signed-out page logs no error and no failed request while it checks for a session', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  for (const path of ['/', '/pricing', '/login']) {
    await page.goto(path);
    await expect(page.locator('header.rc-public-header')).toBeVisible();
  }
  expect(problems).toEqual([]);
});

test('a wrong password shows the Login failed toast with the server sentence and stays on /login', async ({
  page,
}) => {
  const user = await signUp(page);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const shown = await expectToast(page, 'Login failed');
  // The sentence only: no status, braces or error code.
  await expect(shown.locator('.rc-toast-description')).toHaveText('Invalid email or password');
  await expect(page).toHaveURL('/login');
});

test('form validation shows the spec messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('A');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page.getByLabel('Confirm Password').fill('456');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Full name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  // After the first submit, fixing a field clears its message as you type.
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await expect(page.getByText('Full name must be at least 2 characters')).toBeHidden();
});

test('a taken email shows Registration failed', async ({ page }) => {
  const user = await signUp(page);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Full Name').fill('Someone Else');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const shown = await expectToast(page, 'Registration failed');
  await expect(shown.locator('.rc-toast-description')).toHaveText(
    'An account with this email already exists.',
  );
});

test('a signed-in visitor on /login is sent to /', async ({ page }) => {
  await signUp(page, { email: uniqueEmail('redirect') });
  await page.goto('/login');
  await expect(page).toHaveURL('/');
  await expect(page.getByText('Manage your campaigns')).toBeVisible();
});

test('a signed-out visitor on a signed-in page is sent to /login', async ({ page }) => {
  await page.goto('/campaigns');
  await expect(page).toHaveURL(/\/login/);
});

test('an unknown path shows Page Not Found, inside the header and footer of the signed-in state', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page).toHaveTitle(/Page Not Found/);
  await expect(page.locator('header.rc-public-header').getByRole('link', { name: 'Sign up' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  await signUp(page);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Campaigns' }),
  ).toBeVisible();
  await expect(page.locator('header.rc-public-header')).toHaveCount(0);
});

test("'Sign up' opens the Sign Up tab and 'Log In' the Sign In tab, even when /login is already open", async ({
  page,
}) => {
  await page.goto('/');
  const header = page.locator('header.rc-public-header');
  await header.getByRole('link', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/login?tab=register');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page).toHaveTitle(/Sign Up/);

  await header.getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/login?tab=register');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
});
