export const PROSPECT_LIST_STATUSES = ['processing', 'ready', 'failed'] as const;
export type ProspectListStatus = (typeof PROSPECT_LIST_STATUSES)[number];

export interface ProspectList {
  id: number;
  userId: number;
  name: string;
  status: ProspectListStatus;
  /** Why parsing failed, in words a user can act on. */
  failureReason: string | null;
  contactCount: number;
  uploadedAt: string;
  updatedAt: string;
}

export interface AgentDocument {
  id: number;
  userId: number;
  campaignId: number | null;
  filename: string;
  originalName: string;
  sizeBytes: number;
  uploadedAt: string;
}

export const CALL_STATUSES = [
  'queued',
  'dialing',
  'ringing',
  'in_progress',
  'completed',
  'busy',
  'no_answer',
  'failed',
  'canceled',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

export interface CallRecord {
  id: number;
  campaignId: number;
  prospectId: number | null;
  toNumber: string;
  status: CallStatus;
  /** 'human' or 'machine' once known. */
  answeredBy: string | null;
  durationSeconds: number;
  successful: boolean;
  /** Decimal as a string with two places. */
  cost: string;
  providerCallSid: string | null;
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export const TICKET_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export interface SupportTicket {
  id: number;
  userId: number;
  subject: string;
  message: string;
  status: TicketStatus;
  adminResponse: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A payment row as the admin Payments tab lists it. */
export interface AdminPayment {
  id: number;
  userId: number;
  firstName: string;
  lastName: string;
  email: string;
  campaignName: string | null;
  paymentIntentId: string;
  status: string;
  /** Minor units (cents). */
  amount: number;
  currency: string;
  created: string;
  description: string | null;
}

export interface ContactMessage {
  id: number;
  name: string;
  email: string;
  company: string | null;
  message: string;
  deliveredAt: string | null;
  createdAt: string;
}
