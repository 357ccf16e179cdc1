import { ForeignKeyConstraintError, UniqueConstraintError } from 'sequelize';
import {
  BILLING_MESSAGES,
  CAMPAIGN_NOT_FOUND,
  type TestCampaignInput,
  type TestCampaignResponse,
} from '@ringcast/shared-types';
import { CallRecord, Campaign } from '../../../db/models';
import { conflict, notFound } from '../../../errors';
import { findOwned } from '../../../policies/ownership';
import { findCurrentUser } from '../../../lib/userCache';
import { callLineFor, insertTestCall } from '../shared';
import { cancelQueuedCall, placeCall } from './placeCall';
import {
  TEST_CALL_TARGET_MESSAGES,
  giveBackTestCallQuota,
  liveTestCallRefusal,
  takeTestCallQuota,
  testCallTarget,
} from './testCallRules';

export const TEST_CALL_MESSAGES = {
  ...TEST_CALL_TARGET_MESSAGES,
  noAccount: 'Add your Twilio credentials on your account page before a test call.',
  noNumber: 'This campaign has no phone number to call from yet.',
  busy: 'That number is already in a call.',
  busyLine: 'Every line is busy right now; try the test call again in a minute.',
  refused: 'The call could not be placed',
} as const;

/** How long the api waits for a pacing slot before answering that the lines are busy. */
const SLOT_WAIT_LIMIT_MS = 5_000;

/** Withdraws a test call that never got a line, so it no longer counts as in flight. */
const cancelUnplaced = (callId: number) => cancelQueuedCall(callId, 'No free line');

/** The test call's record, `queued`; the unique keys refuse a second live test call of the owner. */
async function createTestCall(fields: {
  campaignId: number;
  userId: number;
  toNumber: string;
  fromNumber: string;
  accountSid: string;
  agentVersion: number;
}): Promise<CallRecord> {
  try {
    return await insertTestCall(fields);
  } catch (err) {
    if (err instanceof UniqueConstraintError)
      throw (await liveTestCallRefusal(fields.userId)) ?? conflict(TEST_CALL_MESSAGES.busy);
    // The campaign was deleted meanwhile: its delete held the row this insert's key checks.
    if (err instanceof ForeignKeyConstraintError) throw notFound(CAMPAIGN_NOT_FOUND);
    throw err;
  }
}

/**
 * POST /api/test-campaign: one call now, with the campaign's settings, to the owner's profile
 * phone or one of their test numbers (testCallRules.ts). It is a call record marked `test`:
 * counted in no statistic or volume; one that reaches a person completes the Testing setup step.
 * Checks run cheapest and least costly first: the request, the number, the campaign's line, then
 * the allowance, so a refused request does not use it up; a call never placed gives it back.
 * Answers the call's status at Twilio.
 */
export async function placeTestCall(userId: number, input: TestCampaignInput): Promise<TestCampaignResponse> {
  const campaign = await findOwned(Campaign, input.campaignId, userId, { message: CAMPAIGN_NOT_FOUND });
  // Billing stopped it: a failed renewal or an ended subscription places no call, a test one neither.
  if (campaign.status === 'past_due') throw conflict(BILLING_MESSAGES.pastDue);
  if (campaign.status === 'canceled') throw conflict(BILLING_MESSAGES.alreadyCanceled);
  const user = await findCurrentUser(userId);
  if (!user) throw notFound(CAMPAIGN_NOT_FOUND);
  const toNumber = await testCallTarget(user, input.phoneNumber);
  const line = await callLineFor(campaign);
  if (!line) throw conflict(TEST_CALL_MESSAGES.noAccount);
  if (!line.fromNumber) throw conflict(TEST_CALL_MESSAGES.noNumber);

  await takeTestCallQuota(userId);
  let placed = false;
  try {
    const call = await createTestCall({
      campaignId: campaign.id,
      userId,
      toNumber,
      fromNumber: line.fromNumber,
      accountSid: line.account.accountSid,
      agentVersion: campaign.agentVersion,
    });
    const deadline = Date.now() + SLOT_WAIT_LIMIT_MS;
    for (;;) {
      const result = await placeCall(call.id);
      if (result.placed) {
        placed = true;
        return { campaign: { id: campaign.id }, webhook: { status: result.status } };
      }
      if ('waitMs' in result && Date.now() + result.waitMs < deadline) {
        await new Promise((resolve) => setTimeout(resolve, result.waitMs));
        continue;
      }
      if ('waitMs' in result) {
        await cancelUnplaced(call.id);
        throw conflict(TEST_CALL_MESSAGES.busyLine);
      }
      // Twilio may have the call: it counts. Twilio refused it: it was asked for, and counts too.
      placed = result.reason === 'unknown' || result.reason === 'refused';
      if (result.reason === 'unknown')
        return { campaign: { id: campaign.id }, webhook: { status: 'unknown' } };
      throw conflict(
        result.message ? `${TEST_CALL_MESSAGES.refused}: ${result.message}` : TEST_CALL_MESSAGES.refused,
      );
    }
  } finally {
    // A lost give-back costs the owner one call of their allowance; the answer above matters more.
    if (!placed) await giveBackTestCallQuota(userId).catch(() => undefined);
  }
}
