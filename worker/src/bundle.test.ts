import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildWorker, WORKER_DIST, workerBuildIsStale } from '../../scripts/build-worker.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('the worker bundle', () => {
  it('imports each package as Node resolves it from the importing file, and keeps each module its own URL', async () => {
    await buildWorker();
    expect(workerBuildIsStale()).toBe(false);
    const code = fs
      .readdirSync(WORKER_DIST)
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => fs.readFileSync(path.join(WORKER_DIST, name), 'utf8'))
      .join('\n');

    // The backend's ajv (its own version, below backend/), not the one at the top of node_modules.
    const backendAjv = createRequire(path.join(repoRoot, 'backend/src/index.ts')).resolve('ajv');
    const ajvImports = [...code.matchAll(/from "([^"]*\/ajv\/[^"]*)"/g)].map(([, specifier]) =>
      path.resolve(WORKER_DIST, specifier!),
    );
    expect(ajvImports.length).toBeGreaterThan(0);
    expect(new Set(ajvImports)).toEqual(new Set([backendAjv]));

    // Paths worked out from a module's own URL (the repository's root, a package's data files).
    expect(code).not.toContain('import.meta.url');
    expect(code).toContain(JSON.stringify(pathToFileURL(path.join(repoRoot, 'backend/src/config.ts')).href));
  }, 60_000);
});
