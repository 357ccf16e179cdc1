import type { Appointment } from './domain/appointment';
import type { Callback } from './domain/callback';
import type { Campaign } from './domain/campaign';
import type { AdminPayment } from './domain/payment';
import type { CallRecord } from './domain/call';
import type { ContactMessage } from './domain/contactMessage';
import type { ProspectList } from './domain/prospectList';
import type { SupportTicket } from './domain/supportTicket';
import type { AdminUser } from './api/admin';
import type { BillingUpdate } from './api/billing';
import type { SandboxMail } from './api/sandboxMail';

/** One turn of a live call's conversation, as the call page shows it. */
export interface TranscriptTurn {
  /** The turn's place in its call, from 0: a turn pushed again (cut short) replaces the one with its seq. */
  seq: number;
  /**
   * Who spoke: our AI agent or the person called; `system` is a note of what happened on the line
   * ("Transferring to Sales…"), not speech.
   */
  speaker: 'agent' | 'callee' | 'system';
  text: string;
  /** Milliseconds from the start of the conversation to the end of the turn. */
  offsetMs: number;
  /** The caller talked over the agent: `text` is only what they heard. */
  interrupted: boolean;
  /** An agent's reply: ms from the callee's final words to our first words out (null: not a reply). */
  responseMs?: number | null;
  /** An agent's reply: ms from our request to the model to its first token. */
  modelFirstTokenMs?: number | null;
  /** An agent's reply started while the callee had begun speaking again. */
  talkedOver?: boolean;
  /** The gap before this turn when it was over 3 s (SILENCE_GAP_MS), in ms; null otherwise. */
  silenceBeforeMs?: number | null;
  /** When the turn ended, ISO 8601. */
  at: string;
}

/**
 * The only socket contract: every event the server pushes and its payload. Which tabs hear each
 * one is the backend's events table (backend/src/events/eventTable.ts).
 */
export interface ServerToClientEvents {
  'campaign:updated': (campaign: Campaign) => void;
  'campaign:deleted': (payload: { id: number }) => void;
  'prospectList:updated': (list: ProspectList) => void;
  'prospectList:deleted': (payload: { id: number }) => void;
  'ticket:updated': (ticket: SupportTicket) => void;
  'call:updated': (call: CallRecord) => void;
  /** Each turn of a live call as it is spoken. */
  'call:transcript': (payload: { callId: number; turn: TranscriptTurn }) => void;
  /** An appointment was booked or canceled: owner and admins. */
  'appointment:updated': (appointment: Appointment) => void;
  /** A promised call back was scheduled, placed, canceled or marked handled: owner. */
  'callback:updated': (callback: Callback) => void;
  'payment:recorded': (payment: AdminPayment) => void;
  /** A campaign's subscription or invoices changed (paid, failed, renewed, cancelled): owner and admins. */
  'billing:updated': (update: BillingUpdate) => void;
  'contactMessage:received': (message: ContactMessage) => void;
  /** The mail sandbox kept a message (sandbox mode only): to `admins`, for the Outbox tab. */
  'sandboxMail:received': (mail: SandboxMail) => void;
  /** A user signed up or changed (profile, admin flag): to `admins`, for the Users tab. */
  'user:updated': (user: AdminUser) => void;
}

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Clients send nothing over the socket; every change goes through the HTTP API. */
export type ClientToServerEvents = Record<string, never>;
