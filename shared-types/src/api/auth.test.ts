import { describe, expect, it } from 'vitest';
import type { AnySchema } from 'yup';
import { loginSchema, registerFormSchema, registerSchema, splitFullName } from './auth';
import { validateInput } from './validate';

const errorsOf = async (schema: AnySchema, value: unknown) => {
  const result = await validateInput(schema, value);
  return result.ok ? [] : Object.values(result.fields);
};

describe('auth schemas', () => {
  it('login: spec messages', async () => {
    expect(await errorsOf(loginSchema, { email: 'nope', password: '' })).toEqual([
      'Please enter a valid email',
      'Password is required',
    ]);
    expect(await errorsOf(loginSchema, { email: 'a@b.co', password: 'x' })).toEqual([]);
  });

  it('register form: spec messages, mismatch on confirmPassword', async () => {
    expect(
      await errorsOf(registerFormSchema, { fullName: 'A', email: 'x', password: '123', confirmPassword: '' }),
    ).toEqual([
      'Full name must be at least 2 characters',
      'Please enter a valid email',
      'Password must be at least 6 characters',
      'Please confirm your password',
    ]);
    expect(
      await errorsOf(registerFormSchema, {
        fullName: 'Ada Lovelace',
        email: 'ada@example.com',
        password: 'secret1',
        confirmPassword: 'secret2',
      }),
    ).toEqual(["Passwords don't match"]);
  });

  it('refuses non-text values instead of casting them', async () => {
    expect(await errorsOf(registerSchema, { fullName: 12345, email: 'a@b.co', password: 'secret1' })).toEqual(
      ['fullName must be text'],
    );
  });

  it('splits a full name', () => {
    expect(splitFullName('  Ada  King Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'King Lovelace' });
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});
