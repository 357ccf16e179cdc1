import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The variables the product reads are the ones `config.ts` reads: no other file of the api or the
 * worker touches process.env. Scripts, tests and benchmarks read a few of their own (TEST_DATABASE_URL,
 * E2E_*, CHROMIUM_PATH, BENCH_*; scripts/start.mjs only re-reads config's PORT, PUBLIC_URL and provider
 * keys): those are harness settings, listed apart at the end of docs/configuration.md and not checked here.
 * Every product variable must have its line in `.env.example` and its entry in docs/configuration.md,
 * and neither may list one config.ts no longer reads.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const NAME = '[A-Z][A-Z0-9_]*';

function namesReadByConfig(source: string): Set<string> {
  const names = new Set<string>();
  // env.NAME, process.env.NAME, env['NAME'], env["NAME"]
  const direct = new RegExp(`\\benv(?:\\.(${NAME})\\b|\\[\\s*['"](${NAME})['"]\\s*\\])`, 'g');
  for (const match of source.matchAll(direct)) names.add(match[1] ?? match[2]);
  // env[name] over a constant list of names (the provider keys production insists on).
  const lists = new RegExp(`const ${NAME} = \\[([^\\]]*)\\]`, 'g');
  for (const [, items] of source.matchAll(lists)) {
    for (const [, name] of items.matchAll(new RegExp(`'(${NAME})'`, 'g'))) names.add(name);
  }
  return names;
}

/** `NAME=value` and `# NAME=value` lines. */
function namesInEnvExample(text: string): Set<string> {
  return new Set([...text.matchAll(new RegExp(`^#?\\s*(${NAME})=`, 'gm'))].map((match) => match[1]));
}

/** List entries opening with a backticked name, up to the section of harness-only variables. */
function namesInConfigurationDoc(text: string): Set<string> {
  const productPart = text.split(/^## Read by the scripts/m)[0];
  return new Set([...productPart.matchAll(new RegExp(`^- \`(${NAME})\``, 'gm'))].map((match) => match[1]));
}

const missingFrom = (expected: Set<string>, actual: Set<string>) =>
  [...expected].filter((name) => !actual.has(name)).sort();

describe('every configuration variable is documented', () => {
  const config = namesReadByConfig(read('backend/src/config.ts'));
  const envExample = namesInEnvExample(read('.env.example'));
  const doc = namesInConfigurationDoc(read('docs/configuration.md'));

  it('reads a plausible set of names from config.ts', () => {
    expect(config).toContain('DATABASE_URL');
    expect(config).toContain('STRIPE_SECRET_KEY');
    expect(config.size).toBeGreaterThan(30);
  });

  it('lists in .env.example exactly what config.ts reads', () => {
    expect({ missing: missingFrom(config, envExample), notRead: missingFrom(envExample, config) }).toEqual({
      missing: [],
      notRead: [],
    });
  });

  it('lists in docs/configuration.md exactly what config.ts reads', () => {
    expect({ missing: missingFrom(config, doc), notRead: missingFrom(doc, config) }).toEqual({
      missing: [],
      notRead: [],
    });
  });
});
