import {
  LIVE_CALL_STATUSES,
  TEST_CALL_IN_PROGRESS,
  TEST_CALL_NOT_OWN_PHONE,
  TEST_CALL_NOT_US_OR_CANADA,
  TEST_CALL_ON_OWN_DO_NOT_CALL,
  TEST_CALL_ON_PLATFORM_DO_NOT_CALL,
  isTestCallCountry,
  toE164,
} from '@ringcast/shared-types';
import { CallRecord } from '../../../db/models';
import { badRequest, conflict, forbidden, tooManyAttempts } from '../../../errors';
import { consumeRateLimits, giveBack, type RateLimitUse } from '../../../lib/rateLimit';
import type { CurrentUser } from '../../../lib/userCache';
import { isSavedTestNumber } from '../../testNumbers';
import { doNotCallListOf } from '../doNotCall';

/**
 * What a test call may ring and how often (DESIGN.md decision 9): the owner's own phones (the
 * profile's, or a saved test number), US or Canadian, on no do-not-call list; one call at a time,
 * a few an hour. Checked in that order, so a refused request costs none of the hourly allowance.
 */

export const TEST_CALL_TARGET_MESSAGES = {
  invalidPhone: 'Please enter a valid phone number',
  noPhone: 'Add your phone number or a test number on your account page before a test call.',
} as const;

/** A test call still in flight lasts a minute or two: the client may ask again after this. */
export const TEST_CALL_IN_PROGRESS_RETRY_SECONDS = 30;

/**
 * The number (E.164) a test call rings: the one asked for, or the profile's. 400 for no or no valid
 * number, 403 for a number not the owner's or outside the US and Canada, 409 naming the do-not-call
 * list that holds it (the customer's own first, as the dialer's check reads both).
 */
export async function testCallTarget(user: CurrentUser, requested: string | undefined): Promise<string> {
  const raw = requested || user.phoneNumber;
  const { invalidPhone, noPhone } = TEST_CALL_TARGET_MESSAGES;
  if (!raw) throw badRequest(noPhone, { phoneNumber: noPhone });
  const toNumber = toE164(raw);
  if (!toNumber) throw badRequest(invalidPhone, { phoneNumber: invalidPhone });
  const profilePhone = user.phoneNumber ? toE164(user.phoneNumber) : null;
  if (toNumber !== profilePhone && !(await isSavedTestNumber(user.id, toNumber)))
    throw forbidden(TEST_CALL_NOT_OWN_PHONE);
  // Saved test numbers are US or Canadian already; the profile's phone may be anywhere.
  if (!isTestCallCountry(toNumber)) throw forbidden(TEST_CALL_NOT_US_OR_CANADA);
  const list = await doNotCallListOf(user.id, toNumber);
  if (list === 'own') throw conflict(TEST_CALL_ON_OWN_DO_NOT_CALL);
  if (list === 'platform') throw conflict(TEST_CALL_ON_PLATFORM_DO_NOT_CALL);
  return toNumber;
}

const quotaOf = (userId: number): RateLimitUse[] => [
  { name: 'testCallPerUserHour', subject: userId },
  { name: 'testCallPerUserDay', subject: userId },
];

/** Counts a test call against the owner's hourly and daily allowances (429 with Retry-After past either). */
export const takeTestCallQuota = (userId: number) => consumeRateLimits(quotaOf(userId));

/** Gives a test call's count back when it was never placed. */
export const giveBackTestCallQuota = (userId: number) => giveBack(quotaOf(userId));

/**
 * Why creating a test call's record broke a unique key: the owner has a test call that has not
 * ended (`call_records_live_test`, or the live-number key when both ring the same phone), which
 * answers 429 until it ends; else the number is in one of the campaigns' calls (null: the caller's 409).
 */
export async function liveTestCallRefusal(userId: number) {
  const live = await CallRecord.count({ where: { userId, test: true, status: [...LIVE_CALL_STATUSES] } });
  return live ? tooManyAttempts(TEST_CALL_IN_PROGRESS, TEST_CALL_IN_PROGRESS_RETRY_SECONDS) : null;
}
