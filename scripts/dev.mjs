#!/usr/bin/env node
// `npm run dev`: api and worker restarting on change (tsx watch) and the Vite dev server with hot
// reload on http://localhost:5173, which proxies /api and /socket.io to the api.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

const migrate = spawnSync(bin('tsx'), ['backend/src/db/migrate-cli.ts'], { cwd: root, stdio: 'inherit' });
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

const children = [
  spawn(bin('tsx'), ['watch', 'backend/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('tsx'), ['watch', 'worker/src/main.ts'], { cwd: root, stdio: 'inherit' }),
  spawn(bin('vite'), [], { cwd: path.join(root, 'frontend'), stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.once('exit', stop);
