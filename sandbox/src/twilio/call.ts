import { sandboxHost } from '../host';
import type { CallClock } from './clock';
import { destinationFor, personaFor } from './personas';
import type { LiveRecording } from './recordings';
import { twilioSid } from './store';
import type { DialSpec, TwimlNode } from './twiml';

export const TERMINAL_STATUSES = ['completed', 'busy', 'failed', 'no-answer', 'canceled'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
/** The Call resource's statuses (`initiated` is an event, not a status). */
export type CallStatus = 'queued' | 'ringing' | 'in-progress' | TerminalStatus;

export const isTerminal = (status: CallStatus): status is TerminalStatus =>
  (TERMINAL_STATUSES as readonly string[]).includes(status);

/** Twilio's Direction of a call: one we were asked to place, or someone ringing a number (inbound.ts). */
export const directionOf = (call: Pick<SandboxCall, 'direction'>) => call.direction ?? 'outbound-api';

/** The person the sandbox plays: the one called, or on an inbound call the one calling. */
export const personaNumber = (call: Pick<SandboxCall, 'direction' | 'from' | 'to'>) =>
  call.direction === 'inbound' ? call.from : call.to;

/** Who is on the line: the persona of personaNumber, or on a `<Dial>` leg its destination. */
export const answererOf = (call: Pick<SandboxCall, 'direction' | 'from' | 'to'>) =>
  call.direction === 'outbound-dial' ? destinationFor(call.to) : personaFor(personaNumber(call));

export type StatusEvent = 'initiated' | 'ringing' | 'answered' | 'completed';
export const STATUS_EVENTS: readonly StatusEvent[] = ['initiated', 'ringing', 'answered', 'completed'];

/** What calls.create asked for, validated. Seconds as Twilio takes them. */
export interface CallRequest {
  url?: string;
  method: string;
  twiml?: string;
  statusCallback?: string;
  statusCallbackMethod: string;
  statusCallbackEvents: StatusEvent[];
  timeoutSeconds: number;
  timeLimitSeconds: number;
  machineDetection?: 'Enable' | 'DetectMessageEnd';
  asyncAmd: boolean;
  asyncAmdStatusCallback?: string;
  asyncAmdStatusCallbackMethod: string;
}

/** Whether the call is in the ConversationRelay session of its current main-line step. */
export const inRelaySession = (call: SandboxCall) =>
  !!call.relay && call.mainStep === call.relay.step && !isTerminal(call.status);

/** Whether the callee talks with the agent: a <Connect> is playing (its session due, or open). */
export const inConversation = (call: SandboxCall) =>
  inRelaySession(call) ||
  (call.mainStep !== null &&
    !isTerminal(call.status) &&
    call.program?.verbs[call.program.pc - 1]?.name === 'Connect');

/** The `<Dial>` a call is playing: its main-line step stays current until the leg ends. */
export interface PendingDial {
  legSid: string;
  step: number;
  spec: DialSpec;
}

/** The TwiML document a call is playing, and the next verb to play. */
export interface Program {
  url?: string;
  verbs: TwimlNode[];
  pc: number;
}

/** A call as the sandbox keeps it (in Redis). Times are simulated ms (see clock.ts). */
export interface SandboxCall extends CallClock {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  /**
   * Set on a call someone made to one of the account's numbers (`inbound`) and on the leg a
   * `<Dial>` placed (`outbound-dial`); absent on the calls placed through the API.
   */
  direction?: 'inbound' | 'outbound-dial';
  /** A `<Dial>` leg's: the call that dialed it. */
  parentCallSid?: string;
  /** A call whose `<Dial>` is playing: its leg, and what to do when the leg ends (dialing.ts). */
  dial?: PendingDial | null;
  /** A `<Dial>` leg's: what the person who answered heard (the whisper's `<Say>`s), in order. */
  heard?: { at: number; text: string }[];
  /** A `<Dial>` leg's: when it was bridged to its parent; absent until then (or never). */
  bridgedAt?: number;
  status: CallStatus;
  request: CallRequest;
  startTime: number | null;
  answeredAt: number | null;
  endTime: number | null;
  answeredBy: string | null;
  sipResponseCode: number | null;
  /** The latest simulated moment anything happened: the call's time never runs backwards. */
  clock: number;
  program: Program | null;
  /** Steps scheduled so far (each step's number is unique within its call). */
  stepCount: number;
  /** The one main-line step (the next life event or verb) still valid; any other is stale. */
  mainStep: number | null;
  /** Status callbacks sent so far: the next one's SequenceNumber. */
  sequence: number;
  /**
   * The ConversationRelay session a player opened for the main-line step `step` (absent on calls
   * stored before relays were played). A step that finds its own session already opened knows the
   * player holding the socket is gone.
   */
  relay?: { step: number; sessionId: string } | null;
  /** The recording `<Start><Recording>` began, until the call ends (recordings.ts). */
  recording?: LiveRecording | null;
  /** Bumped on every save; a save that lost a race is retried. */
  version: number;
}

/**
 * A call as the network first holds it: the parts that differ between one placed through the API
 * and one rung in from outside, the rest at its starting state.
 */
export function newSandboxCall(
  start: Pick<SandboxCall, 'accountSid' | 'to' | 'from' | 'direction' | 'status' | 'request'> & {
    now: number;
    answered: boolean;
  },
): SandboxCall {
  const { now, answered, ...identity } = start;
  return {
    sid: twilioSid('CA'),
    ...identity,
    createdAt: now,
    scale: sandboxHost().timeScale(),
    startTime: answered ? now : null,
    answeredAt: answered ? now : null,
    endTime: null,
    answeredBy: null,
    sipResponseCode: null,
    clock: now,
    program: null,
    stepCount: 0,
    mainStep: null,
    sequence: 0,
    version: 0,
  };
}
