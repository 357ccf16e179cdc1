import type { JobName } from '../jobs';

/** One BullMQ queue on the admin's Queues tab: its jobs by state, and its schedule if it has one. */
export interface AdminJobQueue {
  name: JobName;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
  /** How often the job's scheduler produces it; null for a job added on demand. */
  scheduledEveryMs: number | null;
}

/** A consumer of a stream's group: the entries it holds unacknowledged, and how long since it read. */
export interface AdminStreamConsumer {
  name: string;
  pending: number;
  idleMs: number;
}

/** One Redis stream the workers consume: its row of the stream table and how it stands now. */
export interface AdminStream {
  name: string;
  key: string;
  group: string;
  batchSize: number;
  lingerMs: number;
  claimIdleMs: number;
  repeatedAfter: number;
  /** Entries in the stream: read or not, none applied yet (an applied entry is deleted). */
  length: number;
  /** Entries handed to a consumer and not acknowledged yet. */
  pending: number;
  consumers: AdminStreamConsumer[];
  /** How long the oldest entry has waited; null when the stream is empty. */
  oldestEntryAgeMs: number | null;
  /** Entries set aside because they can never be applied. */
  failedLength: number;
}

/** GET /api/admin/queues. */
export interface AdminQueueOverview {
  jobs: AdminJobQueue[];
  streams: AdminStream[];
}
