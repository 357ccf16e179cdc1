import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The README stays a newcomer's first screen; it and docs/ stay readable in a terminal and a diff. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pages = ['README.md', ...readdirSync(path.join(root, 'docs')).map((name) => `docs/${name}`)].filter(
  (file) => file.endsWith('.md'),
);

describe('the README and docs/', () => {
  it('keeps the README under 150 lines', () => {
    expect(readFileSync(path.join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThan(150);
  });

  it.each(pages)('%s has no line over 120 characters', (file) => {
    const long = readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .map((line, index) => ({ line: index + 1, length: line.length }))
      .filter(({ length }) => length > 120);
    expect(long).toEqual([]);
  });
});
