import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequelize } from '../src/db/sequelize';
import { TestClient, uniqueEmail } from './helpers/client';
import { freePort, spawnApi, type Spawned } from './helpers/processes';
import { waitFor } from './helpers/sockets';

/**
 * A sign-up that fails in the database is logged without the statement or its values: neither
 * the new user's password hash nor their email reaches the log (probe 136 of 2026-11-23 found
 * both, three times over, in the logged Sequelize error).
 */
const TRIGGER = 'refuse_log_probe_signups';
const PROBE_PREFIX = 'log-probe';

let api: Spawned;
let baseUrl: string;

beforeAll(async () => {
  // The database itself refuses these sign-ups, as a full disk or a column too small would.
  await sequelize.query(`DROP TRIGGER IF EXISTS ${TRIGGER}`);
  await sequelize.query(`
    CREATE TRIGGER ${TRIGGER} BEFORE INSERT ON users FOR EACH ROW
    BEGIN
      IF NEW.email LIKE '${PROBE_PREFIX}%' THEN
        SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'sign-up refused by the database';
      END IF;
    END`);
  const port = await freePort();
  api = await spawnApi(port, { LOG_LEVEL: 'info' }, { keepOutput: true });
  baseUrl = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await sequelize.query(`DROP TRIGGER IF EXISTS ${TRIGGER}`);
  await api?.stop();
});

describe('logs', () => {
  it('name a database failure without the statement, its values or the user’s secrets', async () => {
    const email = uniqueEmail(PROBE_PREFIX);
    const password = 'log-probe-password-93';
    const res = await new TestClient(baseUrl).post('/api/register', {
      fullName: 'Log Probe',
      email,
      password,
    });
    expect(res.status).toBe(500);

    const line = await waitFor(
      () =>
        api
          .output()
          .split('\n')
          .find((l) => l.includes('"unhandled error"') && l.includes('/api/register')),
      10_000,
      'the logged error',
    );
    const logged = JSON.parse(line) as { err: Record<string, unknown> };
    // Enough to act on: which error, the database's code and its own words.
    expect(logged.err).toMatchObject({
      type: 'SequelizeDatabaseError',
      code: 'ER_SIGNAL_EXCEPTION',
      sqlState: '45000',
      message: 'sign-up refused by the database',
    });
    expect(logged.err).not.toHaveProperty('sql');
    expect(logged.err).not.toHaveProperty('parameters');

    const output = api.output();
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain(email);
    expect(output).not.toContain(password);
    expect(output).not.toMatch(/INSERT INTO/i);
  });
});
