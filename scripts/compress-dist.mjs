#!/usr/bin/env node
// After `vite build`: writes a .br and a .gz beside every text asset so the api serves them
// compressed (koa-static picks the .br when the browser accepts Brotli, as Chromium does even over
// plain http to 127.0.0.1, else the .gz).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../frontend/dist');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
let files = 0;
let before = 0;
let after = 0;
let afterBrotli = 0;
for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath ?? entry.path, entry.name);
  const raw = fs.readFileSync(file);
  const gz = zlib.gzipSync(raw, { level: 9 });
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  fs.writeFileSync(`${file}.gz`, gz);
  fs.writeFileSync(`${file}.br`, br);
  files += 1;
  before += raw.length;
  after += gz.length;
  afterBrotli += br.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(`compressed ${files} files: ${kb(before)} -> ${kb(after)} gzip, ${kb(afterBrotli)} Brotli`);
