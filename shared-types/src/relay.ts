/**
 * Twilio ConversationRelay's WebSocket frames (telephony.md §1.2-1.3), as both our relay server and
 * the Twilio sandbox's callee speak them. Twilio sends `setup` first, then prompts, interrupts, key
 * presses, info and error frames; we send text tokens and, to finish, `end`.
 */

export interface RelaySetupFrame {
  type: 'setup';
  sessionId: string;
  accountSid: string;
  callSid: string;
  parentCallSid?: string;
  from: string;
  to: string;
  forwardedFrom?: string;
  callType?: string;
  callerName?: string;
  /** `inbound` or `outbound-api`. */
  direction: string;
  callStatus?: string;
  /** From the TwiML's <Parameter> children: the only way to pass context (never secrets). */
  customParameters?: Record<string, string>;
}

export interface RelayPromptFrame {
  type: 'prompt';
  voicePrompt: string;
  lang?: string;
  /** Partials arrive with `last: false` (only with partialPrompts): act on the final one only. */
  last: boolean;
}

export interface RelayInterruptFrame {
  type: 'interrupt';
  /** The text of ours the caller heard before talking over it. */
  utteranceUntilInterrupt: string;
  /** Twilio sends it as a number or as a string ("460"): parse both. */
  durationUntilInterruptMs: number | string;
}

export interface RelayDtmfFrame {
  type: 'dtmf';
  digit: string;
}

export interface RelayInfoFrame {
  type: 'info';
  name?: string;
  value?: string;
  [key: string]: unknown;
}

/** We sent something Twilio could not take (error 64107): log it loudly, the session goes on. */
export interface RelayErrorFrame {
  type: 'error';
  description: string;
}

export type RelayIncomingFrame =
  | RelaySetupFrame
  | RelayPromptFrame
  | RelayInterruptFrame
  | RelayDtmfFrame
  | RelayInfoFrame
  | RelayErrorFrame;

export interface RelayTextFrame {
  type: 'text';
  /** A streamed piece of what the agent says. */
  token: string;
  /** True on the turn's final piece, once per turn. */
  last: boolean;
  lang?: string;
  interruptible?: boolean;
  preemptible?: boolean;
}

export interface RelayEndFrame {
  type: 'end';
  /** A JSON string (Twilio passes it on as HandoffData to the <Connect action> URL). */
  handoffData?: string;
}

export type RelayOutgoingFrame = RelayTextFrame | RelayEndFrame;

/** What we put in `handoffData` when the agent ends the session. */
export interface RelayHandoff {
  reason: string;
  outcome: string | null;
  /** reason `transfer`: the destination's label. */
  destination?: string;
  /** reason `transfer`: who is calling and why, for the whisper to the person who answers. */
  summary?: string;
}
