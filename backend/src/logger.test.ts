import { describe, expect, it } from 'vitest';
import { DatabaseError, UniqueConstraintError, ValidationErrorItem } from 'sequelize';
import { serializeError } from './logger';

const EMAIL = 'ada@example.com';
const HASH = '$argon2id$v=19$m=19456,p=1,t=2$c2FsdA$aGFzaA';

/** What mysql2 raises for a statement: the statement and its values ride along. */
function driverError(message: string, code: string, errno: number) {
  return Object.assign(new Error(message), {
    code,
    errno,
    sqlState: '23000',
    sqlMessage: message,
    sql: 'INSERT INTO `users` (`email`,`passwordHash`) VALUES (?,?);',
    parameters: [EMAIL, HASH],
  });
}

describe('logged errors', () => {
  it('keep a unique violation’s columns and code, not the values or the row', () => {
    const parent = driverError(`Duplicate entry '${EMAIL}' for key 'users.email'`, 'ER_DUP_ENTRY', 1062);
    const row = { email: EMAIL, passwordHash: HASH };
    const err = new UniqueConstraintError({
      parent: parent as never,
      fields: { email: EMAIL },
      errors: [
        new ValidationErrorItem(
          'email must be unique',
          'unique violation',
          'email',
          EMAIL,
          row as never,
          'not_unique',
          'unique',
          [],
        ),
      ],
    });
    const serialized = serializeError(err);
    expect(serialized).toMatchObject({
      type: 'SequelizeUniqueConstraintError',
      code: 'ER_DUP_ENTRY',
      errno: 1062,
      fields: ['email'],
      errors: [{ path: 'email', type: 'unique violation', validatorKey: 'not_unique' }],
    });
    const text = JSON.stringify(serialized);
    expect(text).not.toContain(EMAIL);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('INSERT');
  });

  it('redact the value a database message quotes, and keep the rest of it', () => {
    const err = new DatabaseError(
      driverError(`Duplicate entry '${EMAIL}' for key 'users.email'`, 'ER_DUP_ENTRY', 1062) as never,
    );
    expect(serializeError(err)).toMatchObject({
      message: "Duplicate entry '[redacted]' for key 'users.email'",
      stack: expect.stringMatching(/^SequelizeDatabaseError: Duplicate entry '\[redacted\]' for key/),
    });
    expect(serializeError(`Incorrect integer value: '${EMAIL}' for column 'id' at row 1`)).toBe(
      "Incorrect integer value: '[redacted]' for column 'id' at row 1",
    );
  });

  it('reduce a database error held by another error, and leave other errors as pino shows them', () => {
    const wrapper = Object.assign(new Error('job failed'), {
      original: driverError('Data too long for column x', 'ER_DATA_TOO_LONG', 1406),
    });
    const serialized = serializeError(wrapper) as Record<string, unknown>;
    expect(serialized).toMatchObject({
      type: 'Error',
      message: 'job failed',
      original: { code: 'ER_DATA_TOO_LONG' },
    });
    expect(JSON.stringify(serialized)).not.toContain(HASH);
    expect(serializeError(new TypeError('plain'))).toMatchObject({ type: 'TypeError', message: 'plain' });
  });

  it('reduce an HTTP client error to what names the failure, never the request it sent', () => {
    const basic = `Basic ${Buffer.from('AC0123:the-auth-token').toString('base64')}`;
    const axiosError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3000'), {
      isAxiosError: true,
      code: 'ECONNREFUSED',
      config: {
        method: 'get',
        url: 'https://api.twilio.com/2010-04-01/Accounts/AC0123/Calls.json?PageSize=1000',
        headers: { Authorization: basic },
      },
      request: { _header: `GET /Calls.json HTTP/1.1\r\nAuthorization: ${basic}\r\n` },
    });
    for (const logged of [
      axiosError,
      Object.assign(new Error('prices'), { cause: axiosError, inner: axiosError }),
    ]) {
      const text = JSON.stringify(serializeError(logged));
      expect(text).not.toContain(basic);
      expect(text).not.toContain('the-auth-token');
    }
    expect(serializeError(axiosError)).toMatchObject({
      code: 'ECONNREFUSED',
      method: 'get',
      url: 'https://api.twilio.com/2010-04-01/Accounts/AC0123/Calls.json',
    });
  });
});
