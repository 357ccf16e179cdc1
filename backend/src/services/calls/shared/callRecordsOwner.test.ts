import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The callRecords folder owns every write to `call_records` and every lock on its rows (its front
 * door gives the lock order): no other production file writes or locks them another way.
 */
const ROOT = join(import.meta.dirname, '../../../../..');
const OWNER = 'backend/src/services/calls/shared/callRecords/';

const WRITES = [
  /\b(?:UPDATE|INSERT\s+(?:IGNORE\s+)?INTO|DELETE\s+FROM|REPLACE\s+INTO)\s+`?call_records\b/i,
  /\bFROM\s+`?call_records\b[^`'"]*\bFOR\s+(?:UPDATE|SHARE)\b/i,
  /\bCallRecord\.(?:create|bulkCreate|update|destroy|upsert|increment|decrement)\(/,
  /\bCallRecord\.find\w*\([^)]*\block:/s,
];

function productionFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : productionFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the call_records owner module', () => {
  it('is the only production file that writes or locks call_records', () => {
    const offenders = ['backend/src', 'worker/src', 'sandbox/src']
      .flatMap((dir) => productionFiles(join(ROOT, dir)))
      .map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
      .filter(({ file, text }) => !file.startsWith(OWNER) && WRITES.some((pattern) => pattern.test(text)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('would see a write elsewhere', () => {
    expect(WRITES.some((p) => p.test('await sequelize.query(`UPDATE call_records SET price = 1`)'))).toBe(
      true,
    );
    expect(WRITES.some((p) => p.test('CallRecord.findByPk(id, { transaction, lock: true })'))).toBe(true);
    expect(WRITES.some((p) => p.test('SELECT * FROM call_records WHERE id = 1 FOR UPDATE'))).toBe(true);
  });
});
