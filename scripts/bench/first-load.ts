// npm run bench:first-load
// Loads `/` signed out in Chromium against the real api and adds up the JavaScript it downloads,
// as sent over the wire (Brotli or gzip, as the api serves it). Target: at most 150 KB.
import { chromium } from 'playwright-core';
import { useBenchEnvironment } from './benchEnv';
import { verdict } from './verdict';

const BUDGET_KB = 150;
const cleanUp = useBenchEnvironment();
const { freePort, spawnApi } = await import('@ringcast/backend/testing');
const port = await freePort();
const api = await spawnApi(port);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const page = await browser.newPage();
const scripts: { url: string; bytes: number; encoding: string }[] = [];
page.on('response', async (response) => {
  if (response.request().resourceType() !== 'script') return;
  const sizes = await response.request().sizes();
  scripts.push({
    url: new URL(response.url()).pathname,
    bytes: sizes.responseBodySize,
    encoding: response.headers()['content-encoding'] ?? 'none',
  });
});
await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'networkidle' });
await browser.close();

scripts.sort((a, b) => b.bytes - a.bytes);
for (const s of scripts)
  console.log(`${(s.bytes / 1024).toFixed(1).padStart(7)} KB  ${s.encoding.padEnd(5)} ${s.url}`);
const totalKb = scripts.reduce((sum, s) => sum + s.bytes, 0) / 1024;
console.log(`first load of /: ${scripts.length} scripts, ${totalKb.toFixed(1)} KB of JavaScript on the wire`);
await api.stop();
await cleanUp();
process.exit(
  verdict([
    {
      target: `JavaScript on the wire for / at most ${BUDGET_KB} KB`,
      measured: `${totalKb.toFixed(1)} KB in ${scripts.length} scripts`,
      pass: totalKb <= BUDGET_KB,
    },
  ]),
);
