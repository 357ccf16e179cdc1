#!/usr/bin/env node
// After `vite build`: writes a .gz beside every text asset so the api serves them compressed
// (koa-static picks the .gz when the browser accepts gzip).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../frontend/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
let files = 0;
let before = 0;
let after = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const raw = fs.readFileSync(file);
  const gz = zlib.gzipSync(raw, { level: 9 });
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += raw.length;
  after += gz.length;
}
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB gzip`,
);
