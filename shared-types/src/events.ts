import type { Campaign } from './domain/campaign';
import type { AdminPayment, CallRecord, ContactMessage, ProspectList, SupportTicket } from './domain/records';
import type { AdminUser } from './api/admin';

/** The only socket contract: every event the server pushes and its payload. */
export interface ServerToClientEvents {
  'campaign:updated': (campaign: Campaign) => void;
  'campaign:deleted': (payload: { id: number }) => void;
  'prospectList:updated': (list: ProspectList) => void;
  'prospectList:deleted': (payload: { id: number }) => void;
  'ticket:updated': (ticket: SupportTicket) => void;
  'call:updated': (call: CallRecord) => void;
  'payment:recorded': (payment: AdminPayment) => void;
  'contactMessage:received': (message: ContactMessage) => void;
  /** A user signed up or changed (profile, admin flag): to `admins`, for the Users tab. */
  'user:updated': (user: AdminUser) => void;
}

export type EventName = keyof ServerToClientEvents;
export type EventPayload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** Clients send nothing over the socket; every change goes through the HTTP API. */
export type ClientToServerEvents = Record<string, never>;

export const ADMINS_ROOM = 'admins';
export const userRoom = (userId: number) => `user:${userId}`;
