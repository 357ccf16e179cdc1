import type { CallListInstanceCreateOptions } from 'twilio/lib/rest/api/v2010/account/call';
import { afterAll, beforeAll, vi } from 'vitest';
import { config } from '../../src/config';
import { platformTwilioAccount, twilioClient, type TwilioAccount } from '../../src/providers/twilio';
import { startTwilioSandboxPlayer, type TwilioSandboxPlayer } from '@ringcast/sandbox';
import type { CallRecord } from '../../src/db/models';
import { loadCallWithBrief } from '../../src/services/agent/agentBrief';
import { welcomeGreeting } from '../../src/services/agent/instructions';
import { relayTwiml } from '../../src/telephony/relayTwiml';
import { twilioSandboxHost } from '../../src/twilioSandboxHost';
import { newCallSid } from './relay';
import { startRelayPeer, type PeerScript, type RelayPeer } from './relayPeer';
import { startTestApi } from './server';
import { startTwimlServer, type ReceivedRequest, type TwimlServer } from './twimlServer';
import { savedTwilioAccount } from './twilioAccounts';

/**
 * The Twilio sandbox through the real `twilio` SDK, for the twilio-sandbox-*.test.ts files: calls
 * are played in simulated time (50 times faster) against a small server playing our side, which
 * checks the signature of everything the sandbox sends it. That server (TwiML, callbacks and the
 * relay peer on one port) is PUBLIC_URL here: the sandbox requests nothing anywhere else.
 */
const SCALE = 50;

/** 20 words: 8 s of speech at 150 words a minute. */
const SCRIPT =
  'Hello, this is Ava from Ringcast with a reminder about your appointment tomorrow at ten in the morning, see you.';
/** Say 8 s + Gather (prompt 6 words 2.4 s, timeout 5 s) + Say 0.4 s: 15.8 s when no key is pressed. */
const ANSWERING_TWIML = `<Response><Say>${SCRIPT}</Say><Gather numDigits="1" action="/gather" timeout="5"><Say>Press 9 to stop these calls.</Say></Gather><Say>Goodbye.</Say></Response>`;
/** 7 words: 2.8 s, then the call is hung up. */
const GATHER_TWIML = '<Response><Say>You will not be called again. Goodbye now.</Say><Hangup/></Response>';

export const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

/** Polls `find` every 20 ms until it gives a truthy value, and returns that value. */
export async function waitFor<T>(
  find: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  return vi.waitFor(
    async () => (await find()) || Promise.reject(new Error(`timed out waiting for ${what}`)),
    { timeout: timeoutMs, interval: 20 },
  );
}

export const seconds = (r: ReceivedRequest) => Date.parse(r.params.Timestamp!) / 1000;
export const platform = () => twilioClient(platformTwilioAccount());

/** 12 words: 4.8 s of welcome greeting. */
const GREETING = 'Hi, this is Ava, an AI assistant calling for Spring Dental Clinic.';
/** 20 words, offering a key the persona of digit 4 presses. */
const REPLY = 'Thank you, I have made a note of that for the team. If you prefer, press 9 at any time.';
export const HANDOFF = JSON.stringify({ reason: 'agent_hangup', outcome: 'interested' });
/** A relay refuses this call's socket. */
export const REFUSED_CALL_ID = 13;

/**
 * The peer's agent: it never ends the session of a number ending in 4 (that callee hangs up), says
 * nothing at all to a number ending in 7, ends 5's after its two answers and the others' after
 * their third.
 */
const peerScript = (setup: { to: string }): PeerScript => {
  if (setup.to.endsWith('4')) return { reply: REPLY };
  if (setup.to.endsWith('7')) return { reply: '' };
  return { reply: REPLY, endAfterPrompts: setup.to.endsWith('5') ? 2 : 3, handoffData: HANDOFF };
};

/** The TwiML our app answers for a person, pointing at the app at `baseUrl`. */
export function personTwiml(baseUrl: string, call: Parameters<typeof relayTwiml>[0], greeting = GREETING) {
  const publicUrl = config.publicUrl;
  config.publicUrl = baseUrl;
  try {
    return relayTwiml(call, 'female', greeting);
  } finally {
    config.publicUrl = publicUrl;
  }
}

export const startPlayer = () => startTwilioSandboxPlayer({ host: twilioSandboxHost });

/**
 * The sandbox for a test file: the api serving it (its own player stopped, so that the file's
 * player can be stopped and started), our side's server as PUBLIC_URL with the answering TwiML
 * served, the relay peer on it, a platform number calling from it and a customer's saved account.
 * Its fields are there inside tests and hooks.
 */
export function useTwilioSandbox() {
  /** Filled in by the file's beforeAll, as the file's own `let`s would be. */
  const state = {} as {
    /** The api serving the sandbox (and our real relay). */
    api: Awaited<ReturnType<typeof startTestApi>>;
    /** Our side: TwiML, callbacks and the relay peer, on PUBLIC_URL. */
    app: TwimlServer;
    /** The player playing the calls: a test may stop it and start another. */
    player: TwilioSandboxPlayer;
    platformNumber: string;
    /** Our side of ConversationRelay for the relay tests (the real relay is tested against `api`). */
    peer: RelayPeer;
    /** A customer's own account, saved with us (the sandbox serves no other). */
    customer: TwilioAccount;
  };
  const publicUrlBefore = config.publicUrl;
  const sandboxUrlEnvBefore = process.env.SANDBOX_URL;
  /** Customers' accounts saved in this file, by SID: what our side checks their signatures with. */
  const savedTokens = new Map<string, string>();
  const tokenOf = (sid: string) =>
    sid === platformTwilioAccount().accountSid ? platformTwilioAccount().authToken : savedTokens.get(sid);

  /** A customer account saved with us, whose callbacks our side can check. */
  async function savedAccount(): Promise<TwilioAccount> {
    const { accountSid, authToken } = await savedTwilioAccount();
    savedTokens.set(accountSid, authToken);
    return { accountSid, authToken };
  }

  beforeAll(async () => {
    config.sandboxTimeScale = SCALE;
    const api = await startTestApi({ playTwilioSandboxCalls: false });
    state.api = api;
    config.sandboxUrl = api.baseUrl;
    process.env.SANDBOX_URL = api.baseUrl;
    state.customer = await savedAccount();
    state.player = startPlayer();
    const app = await startTwimlServer(tokenOf);
    state.app = app;
    config.publicUrl = app.baseUrl;
    app.serve('/twiml', ANSWERING_TWIML);
    app.serve('/gather', GATHER_TWIML);
    state.peer = await startRelayPeer(platformTwilioAccount().authToken, peerScript, [REFUSED_CALL_ID], app);
    state.platformNumber = (
      await platform().incomingPhoneNumbers.create({ areaCode: '907', voiceUrl: app.url('/inbound') })
    ).phoneNumber;
  }, 60_000);

  afterAll(async () => {
    await state.player?.stop();
    await state.peer?.close();
    await state.app?.close();
    await state.api?.close();
    config.publicUrl = publicUrlBefore;
    // A process a later file spawns inherits the environment: it must not reach for this closed api.
    if (sandboxUrlEnvBefore === undefined) delete process.env.SANDBOX_URL;
    else process.env.SANDBOX_URL = sandboxUrlEnvBefore;
  });

  const sandbox = Object.assign(state, {
    savedAccount,
    /** A call's status callbacks in the order they were sent (HTTP requests may arrive out of order, as at Twilio). */
    statusCallbacks: (sid: string) =>
      sandbox.app
        .about(sid, '/status')
        .sort((a, b) => Number(a.params.SequenceNumber) - Number(b.params.SequenceNumber)),
    finalCallback: (sid: string) =>
      waitFor(
        () =>
          sandbox
            .statusCallbacks(sid)
            .find((r) =>
              ['completed', 'busy', 'no-answer', 'failed', 'canceled'].includes(r.params.CallStatus!),
            ),
        `the final callback of ${sid}`,
      ),
    placeCall: (to: string, options: Partial<CallListInstanceCreateOptions> = {}) =>
      platform().calls.create({
        ...sandbox.app.callOptions(to, sandbox.platformNumber),
        timeLimit: 600,
        ...options,
      }),
    /**
     * Plays a call the dialer answered (its row holds its CallSid) through the sandbox to our own
     * agent on this api, to its end, as the answering TwiML would. Answers the sandbox's CallSid.
     */
    playToOurAgent: async (call: CallRecord, timeoutMs?: number) => {
      const placed = await sandbox.placeCall(call.toNumber, {
        url: undefined,
        // The relay token names the CallSid the call's row holds, as the answering TwiML's would.
        twiml: personTwiml(
          sandbox.api.baseUrl,
          { ...call.get(), callSid: call.providerCallSid! },
          welcomeGreeting((await loadCallWithBrief(call.id))!.brief),
        ),
        statusCallback: undefined,
        asyncAmdStatusCallback: undefined,
        asyncAmd: 'false',
      });
      await waitFor(
        async () => (await platform().calls(placed.sid).fetch()).status === 'completed',
        `${placed.sid} to complete`,
        timeoutMs,
      );
      return placed.sid;
    },
    relayCall: (to: string, id: number) =>
      sandbox.placeCall(to, {
        url: undefined,
        twiml: personTwiml(sandbox.peer.baseUrl, {
          id,
          campaignId: 7,
          direction: 'outbound',
          callSid: newCallSid(),
        }),
      }),
  });
  return sandbox;
}
