import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { CallOutcome, RelayEndFrame } from '@ringcast/shared-types';
import { config } from '../../src/config';
import { CallRecord, Campaign } from '../../src/db/models';
import { platformTwilioAccount } from '../../src/providers/twilio';
import { applyCallEvents } from '../../src/services/calls/events';
import { signTwilioRequest } from '../../src/telephony/signature';
import { RelayCaller, answeredCall, relayUrl } from './relay';
import { useTestApi, type TestApi } from './server';
import { waitFor } from './sockets';

/**
 * For the relay tests: calls the agent is on, end to end through the api's webhooks
 * and its relay socket. Real MariaDB and Redis.
 */
const TIME_SCALE = 50;
/** Seconds of silence the agent bears outside the silence tests: more than any test lasts. */
export const PATIENT = 3600;

/** The relay URL a TwiML document tells ConversationRelay to open. */
export const relayUrlInTwiml = (twiml: string) =>
  /<ConversationRelay url="([^"]+)"/.exec(twiml)![1]!.replace(/&amp;/g, '&');

export const endFrame = (caller: RelayCaller) =>
  waitFor(() => caller.frames.find((f): f is RelayEndFrame => f.type === 'end'), 15_000, 'the end frame');

export const counted = async (campaignId: number) => (await Campaign.findByPk(campaignId))!.successfulCalls;
export const reloaded = async (call: CallRecord) => (await CallRecord.findByPk(call.id))!;

/**
 * Twilio's side of a call's relay session, opened to the api: `connect(call)` opens the socket its
 * token names (or `url`) and sends setup. The sockets are closed after the file's tests.
 */
export function useRelayCallers(api: Pick<TestApi, 'baseUrl'>) {
  const callers: RelayCaller[] = [];
  afterAll(() => {
    callers.forEach((caller) => caller.close());
  });
  return async function connect(call: CallRecord, url = relayUrl(api.baseUrl, call)) {
    const caller = await RelayCaller.open(url);
    callers.push(caller);
    caller.setup(call.id);
    return caller;
  };
}

/**
 * The api for a test file, as PUBLIC_URL, its calls 50 times faster than real time, and what its
 * tests do to a live call: place one, post its webhooks signed, apply its final status, and open
 * its relay socket (closed after the file's tests).
 */
export function useRelayCalls() {
  const api = useTestApi();

  beforeAll(() => {
    // Callbacks are signed over the public address, and the relay URL in the TwiML is built from it.
    config.publicUrl = api.baseUrl;
    // Calls run 50 times faster than real time: the agent's silence too, which only the tests
    // about silence wait for.
    config.sandboxTimeScale = TIME_SCALE;
    config.calls.relay.silenceSeconds = PATIENT;
  });

  const connect = useRelayCallers(api);

  const account = platformTwilioAccount();

  /**
   * A number no other live call of the owner has (answeredCall dials 212-555): a number is in at
   * most one live call per customer (a unique key), and random picks of 15 numbers collided about
   * once in a hundred runs.
   */
  let liveNumbers = Math.floor(Math.random() * 5_000);
  const nextLiveNumber = () => `+1212557${String(liveNumbers++ % 10_000).padStart(4, '0')}`;

  /**
   * A person's live call placed on our platform account, as the dialer leaves it once answered; with
   * the agent on the line (unless `reachedAgent: false`), as a relay session that claimed it leaves
   * it (its key is the call's `relaySessionKey`). Tests that open the relay socket themselves start
   * from `reachedAgent: false`.
   */
  async function liveCall(
    options: {
      reachedAgent?: boolean;
      test?: boolean;
      owner?: Awaited<ReturnType<typeof answeredCall>>;
    } = {},
  ) {
    const base = options.owner ?? (await answeredCall(api.baseUrl));
    const call = options.owner
      ? await CallRecord.create({
          campaignId: base.campaign.id,
          userId: base.user.id,
          toNumber: nextLiveNumber(),
          fromNumber: '+12125550100',
          status: 'in_progress',
          answeredBy: 'human',
        })
      : base.call;
    const reachedAgent = options.reachedAgent !== false;
    await call.update({
      accountSid: account.accountSid,
      providerCallSid: `CA${randomBytes(16).toString('hex')}`,
      dialedAt: new Date(),
      test: options.test ?? false,
      relayStartedAt: reachedAgent ? new Date() : null,
      relaySessionKey: reachedAgent ? randomBytes(16).toString('base64url') : null,
      relaySessionClaimedAt: reachedAgent ? new Date() : null,
    });
    return { ...base, call };
  }

  function post(callId: number, path: string, params: Record<string, string>, signed = true) {
    const url = `${api.baseUrl}/webhooks/twilio/calls/${callId}/${path}`;
    return fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(signed ? { 'X-Twilio-Signature': signTwilioRequest(account.authToken, url, params) } : {}),
      },
      body: new URLSearchParams(params).toString(),
    });
  }

  const relayEnded = (
    call: CallRecord,
    handoff: { reason: string; outcome: CallOutcome | null },
    seconds = 42,
  ) =>
    post(call.id, 'relay-ended', {
      AccountSid: account.accountSid,
      CallSid: call.providerCallSid!,
      SessionId: `VX${call.id}`,
      SessionStatus: 'completed',
      SessionDuration: String(seconds),
      HandoffData: JSON.stringify(handoff),
    });

  let sequence = 10;
  /** The final status callback, applied as the worker applies it. */
  const finalStatus = (call: CallRecord, callStatus = 'completed', callDuration = 42) =>
    applyCallEvents([
      {
        callId: call.id,
        kind: 'status',
        callSid: call.providerCallSid!,
        accountSid: account.accountSid,
        sequenceNumber: sequence++,
        callStatus,
        callDuration,
      },
    ]);

  return { api, account, liveCall, post, relayEnded, finalStatus, connect };
}
