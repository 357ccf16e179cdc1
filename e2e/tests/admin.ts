import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { e2eEnv } from '../playwright.config';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let counter = 0;

/**
 * Signs `request` in as a new admin of this run's app. There is no promote API, so the admin is
 * made with `npm run create-admin` against the e2e database.
 */
export async function signInAsAdmin(request: APIRequestContext) {
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
      env: { ...process.env, ...e2eEnv },
      stdio: 'pipe',
    },
  );
  const res = await request.post('/api/login', { data: { email, password } });
  if (!res.ok()) throw new Error(`admin sign-in failed: ${res.status()} ${await res.text()}`);
  return { email };
}
