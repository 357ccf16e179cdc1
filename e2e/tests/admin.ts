import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { currentStack } from './stack';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let counter = 0;

export interface AdminAccount {
  email: string;
  password: string;
}

/**
 * Makes a new admin of this run's app. There is no promote API, so the admin is made with
 * `npm run create-admin` against the e2e database (a few seconds: reuse the account where you can).
 */
export function createAdminAccount(): AdminAccount {
  const email = `admin.${Date.now().toString(36)}.${counter++}@ringcast.test`;
  const password = 'admin-secret-123';
  execFileSync(
    'npm',
    [
      'run',
      '--silent',
      'create-admin',
      '--',
      '--email',
      email,
      '--password',
      password,
      '--name',
      'Ada Admin',
    ],
    {
      cwd: repoRoot,
      env: { ...process.env, ...currentStack() },
      stdio: 'pipe',
    },
  );
  return { email, password };
}

/** Signs `request` (or a page's `page.request`, which shares the browser's cookies) in as the admin. */
export async function signInAs(request: APIRequestContext, { email, password }: AdminAccount) {
  const res = await request.post('/api/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
  return { email };
}

/** Signs `request` in as a new admin. */
export async function signInAsAdmin(request: APIRequestContext) {
  return signInAs(request, createAdminAccount());
}
