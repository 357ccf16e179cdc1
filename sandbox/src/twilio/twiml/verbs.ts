import type { Persona } from '../personas';
import type { RecordingRequest } from '../recordings';
import type { ConversationRelaySpec } from './connect';
import type { DialSpec } from './dial';
import type { TwimlNode } from './parse';

/** What playing one verb asks of the call. Times are simulated ms from the verb's start. */
export type VerbEffect =
  /** Nothing to play (an empty verb, or one the sandbox skips): the next verb starts at once. */
  | { kind: 'next' }
  /** The verb plays for this long, then the next verb starts. */
  | { kind: 'wait'; ms: number }
  /** After `ms`, Twilio requests new TwiML (a <Gather> action, a <Redirect>) that replaces the document. */
  | { kind: 'fetch'; ms: number; url: string; method: string; params: Record<string, string> }
  /** `<Start><Recording>`: the call is recorded from now on; the next verb starts at once. */
  | { kind: 'start-recording'; recording: RecordingRequest }
  /** The call ends now. */
  | { kind: 'hangup' }
  /** The callee talks with the agent over a ConversationRelay session until it ends. */
  | { kind: 'relay'; relay: ConversationRelaySpec }
  /** Twilio calls a number for this call and, once that leg ends, requests the Dial's action. */
  | { kind: 'dial'; dial: DialSpec };

export interface VerbContext {
  persona: Persona;
  /** The URL the document came from (relative URLs and a <Gather> without action use it). */
  documentUrl: string | undefined;
}

export type VerbPlayer = (verb: TwimlNode, context: VerbContext) => VerbEffect;

/** A URL in TwiML, relative to the document's own. */
export function resolveUrl(url: string, context: VerbContext): string | undefined {
  try {
    return new URL(url, context.documentUrl).toString();
  } catch {
    return undefined;
  }
}

/** Twilio's default method for every URL in TwiML. */
export const methodOf = (verb: TwimlNode) => (verb.attrs.method || 'POST').toUpperCase();
