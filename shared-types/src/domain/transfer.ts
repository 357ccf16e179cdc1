import type { Weekday } from '../logic/zonedTime';

/**
 * When a transfer destination takes calls, in the business's zone: 'HH:MM' `from`-`to` on each of
 * `days`. A destination without hours takes calls whenever the campaign calls.
 */
export interface TransferHours {
  days: Weekday[];
  from: string;
  to: string;
  /** IANA zone of the business. */
  timeZone: string;
}

/** A person (or a desk) the agent may hand a caller to: "Sales" at +12125550100. */
export interface TransferDestination {
  /** What the agent and the owner call it; unique in the campaign (case aside). */
  label: string;
  /** E.164. */
  phoneNumber: string;
  hours: TransferHours | null;
}

export const MAX_TRANSFER_DESTINATIONS = 5;
export const TRANSFER_LABEL_MAX = 40;
/** The label of the default destination: the owner's profile phone number, while the campaign names none. */
export const DEFAULT_TRANSFER_LABEL = 'Office';
/** Seconds the destination rings before the caller is told nobody is free (`<Dial timeout>`). */
export const TRANSFER_RING_SECONDS = 25;

/**
 * How a transfer went. `connected`: the person answered and was bridged; `no_answer`, `busy`,
 * `failed`: the destination's leg did not connect (the agent then takes a message);
 * `outside_hours`: the destination was closed, so it was never dialed.
 */
export const TRANSFER_STATUSES = ['connected', 'no_answer', 'busy', 'failed', 'outside_hours'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** A call's transfer, as the call drawer, the call log and the webhooks show it. */
export interface CallTransfer {
  /** The destination's label when asked for ("Sales"). */
  destination: string;
  /** E.164 number dialed (or that would have been, when outside its hours). */
  phoneNumber: string;
  /** Null while the destination rings. */
  status: TransferStatus | null;
  /** The agent's one line on why. */
  reason: string | null;
  /** What the person who answered heard before being connected. */
  summary: string | null;
  /** Seconds the transferred leg lasted (Twilio's DialCallDuration); null until known. */
  legSeconds: number | null;
  /** When the agent asked for the transfer, ISO 8601. */
  requestedAt: string;
}

/** The result a transferred call shows ("Transferred to Sales"). */
export const transferResultLabel = (destination: string) => `Transferred to ${destination}`;
/** The live transcript's line while the destination rings. */
export const transferringNote = (destination: string) => `Transferring to ${destination}…`;

/** The words a transfer status is shown with, after the destination. */
export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  connected: 'connected',
  no_answer: 'no one answered',
  busy: 'the line was busy',
  failed: 'the transfer failed',
  outside_hours: 'outside its hours',
};

/**
 * What the caller hears when the transfer did not connect (no answer, busy, failed): a new relay
 * session in which the agent takes a message. The OpenAI sandbox knows the message session by it.
 */
export const TRANSFER_FALLBACK_GREETING =
  "I'm sorry, nobody is free to take your call right now. I can take a message and have someone call you back. What would you like me to pass on?";
