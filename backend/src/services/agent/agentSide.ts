import type { CallOutcome, RelayHandoff, TranscriptTurn } from '@ringcast/shared-types';
import type { EndRequest, ToolResult } from './tools';

/** How the conversation talks back: pieces of speech as they come, and the end of the session. */
export interface ConversationOutput {
  speak(token: string, last: boolean): void;
  end(handoff: RelayHandoff): void;
  /** A reply failed (the model did not answer); a live call goes on, the playground says so. */
  failed?(err: unknown): void;
}

/**
 * What a conversation acts on. On a live call (callSide.ts) the tools change the call's record and
 * the do-not-call list and every turn is stored; in the playground they only note what they would
 * do and nothing is stored. The conversation itself is the same for both.
 */
export interface AgentSide {
  /** Names the conversation in logs. */
  readonly logFields: Record<string, unknown>;
  readonly outcome: CallOutcome | null;
  readonly optedOut: boolean;
  /** Set by end_call (or transfer_call): the session ends after the agent's sentence. */
  readonly endRequested: EndRequest | null;
  /** A booking campaign's agent: it also has check_availability and book_appointment. */
  readonly bookings: boolean;
  /** The labels the agent may transfer to (transfer_call is offered only with some). */
  readonly transferLabels?: readonly string[];
  runTool(name: string, argumentsJson: string): Promise<ToolResult>;
  /** Puts the person on the do-not-call list (once), whoever noticed the request. */
  optOut(reason: string): Promise<void>;
  saveTurn(turn: Omit<TranscriptTurn, 'at'>): Promise<unknown>;
}
