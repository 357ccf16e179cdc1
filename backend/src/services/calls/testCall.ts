import { UniqueConstraintError } from 'sequelize';
import {
  CAMPAIGN_NOT_FOUND,
  toE164,
  type TestCampaignInput,
  type TestCampaignResponse,
} from '@ringcast/shared-types';
import { CallRecord, Campaign } from '../../db/models';
import { badRequest, conflict } from '../../errors';
import { findOwned } from '../../policies/ownership';
import { findCurrentUser } from '../../lib/userCache';
import { callLineFor } from './callLine';
import { placeCall } from './placeCall';

export const TEST_CALL_MESSAGES = {
  invalidPhone: 'Please enter a valid phone number',
  noPhone: 'Add your phone number on your account page, or enter one for the test call.',
  noAccount: 'Add your Twilio credentials on your account page before a test call.',
  noNumber: 'This campaign has no phone number to call from yet.',
  busy: 'That number is already in a call.',
  busyLine: 'Every line is busy right now; try the test call again in a minute.',
  refused: 'The call could not be placed',
} as const;

/** How long the api waits for a pacing slot before answering that the lines are busy. */
const SLOT_WAIT_LIMIT_MS = 5_000;

/**
 * POST /api/test-campaign: one call now, with the campaign's settings, to the given number or the
 * owner's profile phone. It is a call record marked `test`: counted in no statistic or volume; one
 * that reaches a person completes the Testing setup step. Answers the call's status at Twilio.
 */
export async function placeTestCall(userId: number, input: TestCampaignInput): Promise<TestCampaignResponse> {
  const campaign = await findOwned(Campaign, input.campaignId, userId, { message: CAMPAIGN_NOT_FOUND });
  const user = await findCurrentUser(userId);
  const raw = input.phoneNumber || user?.phoneNumber;
  if (!raw) throw badRequest(TEST_CALL_MESSAGES.noPhone, { phoneNumber: TEST_CALL_MESSAGES.noPhone });
  const toNumber = toE164(raw);
  if (!toNumber)
    throw badRequest(TEST_CALL_MESSAGES.invalidPhone, { phoneNumber: TEST_CALL_MESSAGES.invalidPhone });
  const line = await callLineFor(campaign);
  if (!line) throw conflict(TEST_CALL_MESSAGES.noAccount);
  if (!line.fromNumber) throw conflict(TEST_CALL_MESSAGES.noNumber);

  let call: CallRecord;
  try {
    call = await CallRecord.create({
      campaignId: campaign.id,
      userId,
      toNumber,
      fromNumber: line.fromNumber,
      accountSid: line.account.accountSid,
      test: true,
      status: 'queued',
    });
  } catch (err) {
    if (err instanceof UniqueConstraintError) throw conflict(TEST_CALL_MESSAGES.busy);
    throw err;
  }

  const deadline = Date.now() + SLOT_WAIT_LIMIT_MS;
  for (;;) {
    const result = await placeCall(call.id);
    if (result.placed) return { campaign: { id: campaign.id }, webhook: { status: result.status } };
    if ('waitMs' in result && Date.now() + result.waitMs < deadline) {
      await new Promise((resolve) => setTimeout(resolve, result.waitMs));
      continue;
    }
    if ('waitMs' in result) {
      await CallRecord.update(
        {
          status: 'canceled',
          endedAt: new Date(),
          settledAt: new Date(),
          endedBy: 'system',
          endedReason: 'canceled',
          errorMessage: 'No free line',
        },
        { where: { id: call.id, status: 'queued' } },
      );
      throw conflict(TEST_CALL_MESSAGES.busyLine);
    }
    if (result.reason === 'unknown') return { campaign: { id: campaign.id }, webhook: { status: 'unknown' } };
    throw conflict(
      result.message ? `${TEST_CALL_MESSAGES.refused}: ${result.message}` : TEST_CALL_MESSAGES.refused,
    );
  }
}
