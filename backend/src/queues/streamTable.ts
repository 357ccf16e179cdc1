import { slotKey } from '../redis';

export interface StreamSpec {
  /** The stream's Redis key (read at call time: the prefix comes from config). */
  key: () => string;
  /** Where entries that can never be applied are moved, with the reason, for a person to look at. */
  failedKey: () => string;
  /** The consumer group every worker reads through: each entry is handed to one consumer. */
  group: string;
  /** Entries read, and applied in one transaction, at most. */
  batchSize: number;
  /** How long one read waits for the first entry. */
  blockMs: number;
  /** After a read smaller than a batch, the next read waits until this long after it. */
  lingerMs: number;
  /** An entry a consumer has not acknowledged for this long is taken over by another. */
  claimIdleMs: number;
  /** How often a consumer looks for entries to take over. */
  claimEveryMs: number;
  /** Deliveries after which an entry that keeps failing is logged as an error at each take-over. */
  repeatedAfter: number;
  /** The pause after a failed turn (the database or Redis away) before the next. */
  retryAfterFailureMs: number;
  /** With entries carried over from the last turn, a read waits this long at most for new ones. */
  carriedWaitMs: number;
}

/**
 * Every Redis stream the workers consume, beside the job table: its keys, its group and the
 * numbers its consumers run by. The only place they are decided.
 */
export const STREAM_TABLE = {
  /** Twilio's status and AMD callbacks, from the webhook that accepted them to the workers. */
  callEvents: {
    // One slot on a cluster: an entry set aside moves to the failed stream in the MULTI that
    // acknowledges it.
    key: () => slotKey('call-events'),
    failedKey: () => slotKey('call-events', 'failed'),
    group: 'appliers',
    // A transaction's cost is mostly its dozen-odd round trips, whatever its size: applied 15 at a
    // time an event costs several times what it costs applied 200 at a time.
    batchSize: 300,
    // Also how soon a stopping consumer notices (a read in progress returns within it).
    blockMs: 1_000,
    // Lets a busy stream gather into large batches, at the price of up to 150 ms before a screen
    // hears of a call; a lone event after a quiet spell is applied at once.
    lingerMs: 150,
    // Longer than any batch takes to commit, so a live consumer's events are never taken from it;
    // short enough that a dead one's calls are settled within seconds.
    claimIdleMs: 15_000,
    // A third of claimIdleMs: a dead consumer's events wait 15-20 s, and the check costs one XPENDING.
    claimEveryMs: 5_000,
    // Five deliveries are over a minute of failing: past a database restart, worth an error each time.
    repeatedAfter: 5,
    // Long enough not to spin while the database is away, short enough to resume soon after.
    retryAfterFailureMs: 1_000,
    // Carried events are waiting already: a read that finds none new returns at once to retry them.
    carriedWaitMs: 20,
  },
} as const satisfies Record<string, StreamSpec>;

export type StreamName = keyof typeof STREAM_TABLE;

export const STREAM_NAMES = Object.keys(STREAM_TABLE) as StreamName[];
