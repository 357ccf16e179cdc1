import type { WebSocket } from 'ws';
import {
  TRANSFER_FALLBACK_GREETING,
  endingOfHandoff,
  type RelayHandoff,
  type RelayIncomingFrame,
  type RelayOutgoingFrame,
  type RelaySetupFrame,
} from '@ringcast/shared-types';
import { config } from '../config';
import { logger } from '../logger';
import { loadCallWithBrief } from '../services/agent/agentBrief';
import { recordCallEnd } from '../services/agent/callEnd';
import { callSide } from '../services/agent/callSide';
import { enqueueCallSummary } from '../services/agent/callSummary';
import { enqueueCallAnalysis } from '../services/analysis/enqueue';
import { nextSeqAfterTransfer } from '../services/agent/transcript';
import { AgentConversation } from '../services/agent/conversation';
import { TurnTimings, type ReplyTiming } from '../services/agent/turnTimings';
import { agentInstructions, welcomeGreeting } from '../services/agent/instructions';
import { UNCONNECTED_TRANSFER_STATUSES } from '../services/calls/events';
import { markRelayStarted } from '../services/calls/shared';
import { countRelaySession, recordReplyOverhead } from '../metrics';
import { SilenceWatch } from './silenceWatch';
import { SpeechFrames } from './speechFrames';

/** Asked once after a silence; the goodbye after a second. */
export const STILL_THERE = 'Are you still there?';
export const SILENCE_GOODBYE = "I'm sorry, I can't hear you. Thank you for your time. Goodbye.";

/** Twilio sends the duration as a number or as a string ("460"). */
export function durationMs(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
}

function parseFrame(data: unknown): RelayIncomingFrame | { type: unknown } | null {
  try {
    const frame: unknown = JSON.parse(String(data));
    return frame && typeof frame === 'object' && 'type' in frame ? (frame as RelayIncomingFrame) : null;
  } catch {
    return null;
  }
}

/**
 * One call's ConversationRelay session: Twilio's frames in, the agent's speech and `end` out.
 * Nothing a frame says can crash it: a frame it cannot read, or of a type it does not know, is
 * logged and the session goes on.
 */
export class RelaySession {
  private conversation: AgentConversation | null = null;
  private ready: Promise<AgentConversation | null> | null = null;
  private endedByUs = false;
  /** Ended for a transfer: the call goes on (a person, or the message session) and is summed up after. */
  private transferred = false;
  /** What the agent's current reply has said so far, for how long it takes to be heard. */
  private spoken = '';
  private silence: SilenceWatch | null = null;
  private readonly timings = new TurnTimings();
  private readonly speech = new SpeechFrames((frame) => {
    this.send(frame);
    this.timings.wordsOut();
  }, config.calls.relay.speechGatherMs);
  private readonly log;
  private finish!: () => void;
  /** Settles once the socket has closed and the session's last writes are done (a stopping server waits). */
  readonly done = new Promise<void>((resolve) => (this.finish = resolve));

  constructor(
    private readonly ws: WebSocket,
    private readonly callId: number,
    /** The key this session claimed its call with (relayClaim.ts): its writes carry it. */
    private readonly sessionKey: string,
  ) {
    this.log = logger.child({ callId, relay: true });
    countRelaySession(this.done);
    ws.on('message', (data) => this.receive(data));
    ws.on('close', () => void this.closed().then(() => this.finish()));
    ws.on('error', (err) => this.log.warn({ err }, 'relay socket error'));
  }

  private receive(data: unknown): void {
    const frame = parseFrame(data);
    if (!frame) {
      this.log.warn({ frame: String(data).slice(0, 200) }, 'relay frame is not JSON with a type');
      return;
    }
    this.handle(frame as RelayIncomingFrame).catch((err: unknown) =>
      this.log.error({ err, type: frame.type }, 'relay frame failed'),
    );
  }

  private async handle(frame: RelayIncomingFrame): Promise<void> {
    switch (frame.type) {
      case 'setup':
        this.ready ??= this.setUp(frame);
        return void (await this.ready);
      case 'prompt': {
        const words = String(frame.voicePrompt ?? '');
        const timing = this.timings.prompt(frame.last === true, this.silence?.silenceBefore(words) ?? null);
        this.silence?.callerActive();
        if (!timing) return;
        const conversation = await this.started('prompt');
        if (conversation) await this.reply(conversation, words, timing);
        return;
      }
      case 'interrupt': {
        this.silence?.callerActive();
        const conversation = await this.started('interrupt');
        this.log.debug({ ms: durationMs(frame.durationUntilInterruptMs) }, 'caller interrupted');
        // The reply is stopped at once (synchronously); what it left unsent is dropped after that.
        const cut = conversation?.interrupted(String(frame.utteranceUntilInterrupt ?? ''));
        this.speech.drop();
        return cut;
      }
      case 'dtmf':
        this.silence?.callerActive();
        this.log.info({ digit: frame.digit }, 'caller pressed a key');
        return;
      case 'info':
        this.log.debug({ frame }, 'relay info');
        return;
      case 'error':
        // Twilio refused a frame we sent (64107): a bug of ours, so it must be seen.
        this.log.error({ description: frame.description }, 'ConversationRelay refused a frame we sent');
        return;
      default:
        this.log.warn({ type: (frame as { type: unknown }).type }, 'relay frame of an unknown type');
    }
  }

  private async reply(conversation: AgentConversation, words: string, timing: ReplyTiming): Promise<void> {
    // A reply cut by these words may have left pieces waiting: they go first, and the new reply's
    // first piece never waits for their window.
    this.speech.flush();
    this.timings.replyStarted(timing);
    this.spoken = '';
    this.silence?.replyStarted();
    try {
      await conversation.heard(words, timing);
    } finally {
      this.timings.replyEnded(timing);
      this.silence?.replyEnded(this.spoken);
      recordReplyOverhead(timing.measures);
      this.log.debug(timing.measures, 'agent reply timed');
    }
  }

  private async started(what: string): Promise<AgentConversation | null> {
    if (!this.ready) {
      this.log.warn({ what }, 'relay frame before setup');
      return null;
    }
    return this.ready;
  }

  private async setUp(frame: RelaySetupFrame): Promise<AgentConversation | null> {
    // The agent is on the line: from now on the call's outcome decides whether it succeeded. That
    // write needs nothing read first, so both go out together. Only the session holding the call
    // marks it.
    const [loaded] = await Promise.all([
      loadCallWithBrief(this.callId),
      markRelayStarted(this.callId, this.sessionKey),
    ]);
    if (!loaded) {
      this.log.error('relay session for a call that is not recorded');
      this.end({ reason: 'error', outcome: null });
      return null;
    }
    const { call, brief, booking, transfer } = loaded;
    // A session after a transfer that did not connect takes the caller's message: it greets with
    // the fallback (as its TwiML did) and its agent knows to whom, why and how the transfer went.
    const failed =
      call.transferStatus && UNCONNECTED_TRANSFER_STATUSES.includes(call.transferStatus)
        ? {
            destination: call.transferDestination ?? '',
            reason: call.transferReason ?? null,
            status: call.transferStatus,
          }
        : null;
    this.log.info(
      { callSid: frame.callSid, params: frame.customParameters, messageSession: Boolean(failed) },
      'relay session set up',
    );
    const conversation = new AgentConversation(
      callSide({
        call,
        outcome: call.outcome ?? null,
        optedOut: false,
        endRequested: null,
        sessionKey: this.sessionKey,
        booking,
        transfer,
      }),
      agentInstructions(brief, { ...transfer, failed }),
      {
        speak: (token, last) => {
          this.spoken += token;
          this.speech.speak(token, last);
        },
        end: (handoff) => this.end(handoff),
      },
      failed
        ? {
            seq: await nextSeqAfterTransfer(this.callId),
            startedAt: call.relayStartedAt ? new Date(call.relayStartedAt).getTime() : Date.now(),
          }
        : undefined,
    );
    const greeting = failed ? TRANSFER_FALLBACK_GREETING : welcomeGreeting(brief);
    conversation.greeted(greeting);
    this.conversation = conversation;
    if (this.ws.readyState === this.ws.OPEN) {
      // The question and the goodbye each follow a silence as long as the watch's, on the call's clock.
      const silenceMs = config.calls.relay.silenceSeconds * 1000;
      this.silence = new SilenceWatch(silenceMs, {
        ask: () => {
          conversation.say(STILL_THERE, silenceMs);
          return STILL_THERE;
        },
        giveUp: () => conversation.hangUp(SILENCE_GOODBYE, 'silence_timeout', silenceMs),
      });
      this.silence.agentSaid(greeting);
    }
    return conversation;
  }

  private send(frame: RelayOutgoingFrame): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(frame));
  }

  private end(handoff: RelayHandoff): void {
    this.endedByUs = true;
    this.silence?.stop();
    this.speech.flush();
    this.send({ type: 'end', handoffData: JSON.stringify(handoff) });
    // A transfer ends the session, not the call: how the transfer goes says how the call ended.
    this.transferred = handoff.reason === 'transfer';
    if (this.transferred) return;
    const ending = endingOfHandoff(handoff.reason) ?? { endedBy: 'agent', endedReason: 'agent_hangup' };
    void recordCallEnd(this.callId, ending.endedBy, ending.endedReason).catch((err: unknown) =>
      this.log.error({ err }, 'call end not recorded'),
    );
  }

  private async closed(): Promise<void> {
    this.silence?.stop();
    this.speech.stop();
    try {
      await this.conversation?.settled();
      if (!this.endedByUs && this.conversation) await recordCallEnd(this.callId, 'callee', 'callee_hangup');
      if (this.conversation && !this.transferred) {
        await enqueueCallSummary(this.callId);
        await enqueueCallAnalysis(this.callId);
      }
    } catch (err) {
      this.log.error({ err }, 'relay session close failed');
    }
  }
}
