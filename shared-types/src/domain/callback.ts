/**
 * A call back the agent promised ("call me back tomorrow afternoon"): `scheduled` until the dialer
 * places it (`called`), or the owner cancels it (`canceled`) or says they handled it themselves
 * (`handled`); either of those last two means the dialer does not call.
 */
export const CALLBACK_STATUSES = ['scheduled', 'called', 'canceled', 'handled'] as const;
export type CallbackStatus = (typeof CALLBACK_STATUSES)[number];

export interface Callback {
  id: number;
  campaignId: number;
  prospectId: number;
  prospectName: string | null;
  /** E.164. */
  phoneNumber: string;
  /** The call on which it was asked for. */
  requestedOnCallId: number | null;
  /** The call that kept the promise, once placed. */
  calledOnCallId: number | null;
  /** When it is due, ISO 8601 UTC: the callee's words read in their zone, moved inside the calling rules. */
  dueAt: string;
  /** The time the callee asked for, as the agent recorded it (ISO 8601), before any moving. */
  requestedFor: string;
  /** The prospect's IANA zone. */
  timeZone: string | null;
  status: CallbackStatus;
  createdAt: string;
  updatedAt: string;
}
