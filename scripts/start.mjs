#!/usr/bin/env node
// `npm start`: install what is missing, build the web app when its sources changed, migrate,
// then run the api and the worker together until Ctrl-C. Plain Node: it runs before any install.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const tsx = path.join(root, 'node_modules/.bin/tsx');

function run(cmd, cmdArgs) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
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

if (!args.has('--skip-install')) installIfNeeded();
if (!args.has('--skip-build')) buildIfNeeded();
// Exits at once, naming the URL it tried, when MySQL or Redis is not reachable.
run(tsx, ['backend/src/db/migrate-cli.ts']);

const children = [
  spawn(tsx, ['backend/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(tsx, ['worker/src/main.ts'], { cwd: root, stdio: 'inherit' }),
];
let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  Promise.all(children.map((c) => (c.exitCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(
    () => process.exit(code),
  );
}
for (const child of children) child.once('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
