#!/usr/bin/env node
// `npm start`: install what is missing, build the web app and the worker when their sources
// changed, migrate, then run the api and the worker together until Ctrl-C, restarting either one when it crashes.
// Plain Node: it runs before any install.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from './apiNodeFlags.mjs';
import { newestMtime } from './build-worker.mjs';
import { supervise } from './supervise.mjs';
import { WORKER_ENTRY, WORKER_NODE_FLAGS } from './workerNodeFlags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const tsx = path.join(root, 'node_modules/.bin/tsx');

function run(cmd, cmdArgs) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const mtime = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);

function installIfNeeded() {
  const marker = path.join(root, 'node_modules/.package-lock.json');
  if (fs.existsSync(tsx) && mtime(marker) >= mtime(path.join(root, 'package-lock.json'))) return;
  console.log('Installing dependencies (npm ci)...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

function buildIfNeeded() {
  const built = mtime(path.join(root, 'frontend/dist/index.html'));
  const sources = Math.max(
    newestMtime(path.join(root, 'frontend/src')),
    newestMtime(path.join(root, 'shared-types/src')),
    mtime(path.join(root, 'frontend/index.html')),
  );
  if (built && built >= sources) return;
  console.log('Building the web app...');
  run('npm', ['run', 'build']);
}

const port = Number(process.env.PORT) || 3000;
const appUrl = (process.env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');

/** Whether the api could listen on the port (as it does: every address). */
function portIsFree() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) => (err.code === 'EADDRINUSE' ? resolve(false) : reject(err)));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** Waits until the api answers, then says where it is, whether it runs on sandboxes and what to do next. */
async function announceWhenUp() {
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/config`).catch(() => null);
    if (answer?.ok) {
      const { sandbox, adminEmailDomain } = await answer.json();
      const keyless = [
        ['Stripe', 'STRIPE_SECRET_KEY'],
        ['Twilio', 'TWILIO_ACCOUNT_SID'],
        ['OpenAI', 'OPENAI_API_KEY'],
        ['Mail', 'SMTP_URL'],
      ].filter(([, variable]) => !process.env[variable]);
      console.log(`\nRingcast is running on ${appUrl}`);
      if (sandbox)
        console.log(
          `Sandbox mode: ${keyless.map(([name]) => name).join(', ')} run on local stand-ins (no real payments, ` +
            `calls, model calls or email); set ${keyless.map(([, variable]) => variable).join(', ')} to use the real services.`,
        );
      console.log(
        `Create an admin: npm run create-admin -- --email you@${adminEmailDomain} --password <password> --name "First Last"\n`,
      );
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

if (!(await portIsFree())) {
  console.error(
    `Port ${port} is already in use: stop what runs there, or start on another port (PORT=${port + 1} npm start).`,
  );
  process.exit(1);
}
if (!args.has('--skip-install')) installIfNeeded();
if (!args.has('--skip-build')) buildIfNeeded();
// The worker's bundle is always brought up to date (a fraction of a second, and nothing when it is):
// a stale one would run code other than the sources'.
run(process.execPath, ['scripts/build-worker.mjs', '--if-stale']);
// Exits at once, naming the URL it tried, when MySQL or Redis is not reachable.
run(process.execPath, ['--import', 'tsx', 'backend/src/db/migrate-cli.ts']);

const stop = supervise(
  [
    { name: 'api', args: [...API_NODE_FLAGS, '--import', 'tsx', 'backend/src/server.ts'] },
    { name: 'worker', args: [...WORKER_NODE_FLAGS, WORKER_ENTRY] },
  ],
  { cwd: root },
);
void announceWhenUp();
let exiting = false;
function stopAll() {
  if (exiting) return;
  exiting = true;
  void stop().then(() => process.exit(0));
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
