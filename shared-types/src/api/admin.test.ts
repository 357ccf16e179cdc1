import { describe, expect, it } from 'vitest';
import { SETUP_FLAGS } from '../domain/campaign';
import {
  adminListQuerySchema,
  adminUpdateUserSchema,
  auditLogQuerySchema,
  updateCampaignStatsSchema,
  updateSetupFlagSchema,
} from './admin';
import { validateInput } from './validate';

// The server validates exactly like this (stripUnknown), so these are the API's answers.
const check = (schema: Parameters<typeof validateInput>[0], value: unknown) => validateInput(schema, value);

describe('updateCampaignStatsSchema', () => {
  it('defaults each value to 0, an emptied one too', async () => {
    expect(await check(updateCampaignStatsSchema, {})).toEqual({
      ok: true,
      value: { totalCalls: 0, successfulCalls: 0, totalCost: 0 },
    });
    expect(await check(updateCampaignStatsSchema, { totalCalls: null, totalCost: 12.5 })).toMatchObject({
      ok: true,
      value: { totalCalls: 0, totalCost: 12.5 },
    });
  });

  it.each([
    [{ totalCalls: '5' }, 'totalCalls', 'Total calls must be a number'],
    [{ totalCost: '5.00' }, 'totalCost', 'Total cost must be a number'],
    [{ totalCalls: -1 }, 'totalCalls', 'Total calls must not be negative'],
    [{ totalCalls: 1.5 }, 'totalCalls', 'Total calls must be a whole number'],
    [{ totalCost: 0.125 }, 'totalCost', 'Total cost can have at most 2 decimals'],
    [{ totalCalls: 2, successfulCalls: 3 }, 'successfulCalls', 'Successful calls cannot exceed total calls'],
  ])('%j: %s "%s"', async (value, field, message) => {
    const result = await check(updateCampaignStatsSchema, value);
    expect(result.ok ? {} : result.fields).toEqual({ [field]: message });
  });

  it('accepts cents that floats cannot hold exactly', async () => {
    for (const totalCost of [0.29, 1.1, 19.99, 99_999_999.99]) {
      expect((await check(updateCampaignStatsSchema, { totalCost })).ok, String(totalCost)).toBe(true);
    }
  });
});

describe('updateSetupFlagSchema', () => {
  it.each(SETUP_FLAGS)('takes %s with a boolean', async (flag) => {
    expect(await check(updateSetupFlagSchema, { [flag]: false })).toMatchObject({
      ok: true,
      value: { [flag]: false },
    });
  });

  it.each([
    [{}],
    [{ setupNope: true }],
    [{ setupScriptsReviewed: true, setupTwilioConfigured: true }],
    [{ setupScriptsReviewed: true, x: 1 }],
  ])('refuses %j: exactly one known flag', async (value) => {
    expect(await check(updateSetupFlagSchema, value)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Send exactly one setup flag/),
    });
  });

  it.each([['true'], [1], [null]])('refuses a non-boolean %j', async (flagValue) => {
    expect((await check(updateSetupFlagSchema, { setupScriptsReviewed: flagValue })).ok).toBe(false);
  });
});

describe('adminUpdateUserSchema', () => {
  it('takes the allow-listed fields', async () => {
    expect(
      await check(adminUpdateUserSchema, { firstName: ' Ada ', companyName: null, isAdmin: true }),
    ).toEqual({
      ok: true,
      value: { firstName: 'Ada', companyName: null, isAdmin: true },
    });
  });

  it('refuses any other field, even beside allowed ones, and an empty body', async () => {
    expect(
      await check(adminUpdateUserSchema, { firstName: 'Ada', email: 'x@y.z', passwordHash: 'h' }),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^These fields cannot be changed here: email, passwordHash\./),
    });
    expect(await check(adminUpdateUserSchema, {})).toMatchObject({
      ok: false,
      message: 'Send at least one field to change',
    });
    expect(await check(adminUpdateUserSchema, { isAdmin: 'true' })).toMatchObject({
      ok: false,
      fields: { isAdmin: 'isAdmin must be true or false' },
    });
  });
});

describe('list queries', () => {
  it('read the query string: page and size as numbers, within limits', async () => {
    expect(await check(adminListQuerySchema, { q: ' acme ', page: '2', pageSize: '10' })).toEqual({
      ok: true,
      value: { q: 'acme', page: 2, pageSize: 10 },
    });
    expect(await check(adminListQuerySchema, {})).toMatchObject({
      ok: true,
      value: { page: 1, pageSize: 50 },
    });
    expect((await check(adminListQuerySchema, { pageSize: '201' })).ok).toBe(false);
    expect(await check(auditLogQuerySchema, { entityType: 'campaign', entityId: '7' })).toMatchObject({
      ok: true,
      value: { entityType: 'campaign', entityId: '7', page: 1, pageSize: 50 },
    });
  });
});
