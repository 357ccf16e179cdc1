import type { JobsOptions } from 'bullmq';
import { ValidationError } from 'yup';
import { jobPayloadSchemas, plainAcceptor, type JobName, type JobPayloads } from '@ringcast/shared-types';
import { config } from '../config';

/** Retries with exponential backoff; finished jobs are trimmed to the latest few thousand. */
const RETRIED: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { count: 1000 },
  removeOnFail: { count: 5000 },
};

/** Scheduled work: the next run comes soon enough, so a failed one is not retried. */
const ONE_SHOT: JobsOptions = { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } };

export interface JobSpec<N extends JobName> {
  /** Checked by enqueue() before the job is added and by the worker before its handler runs. */
  schema: (typeof jobPayloadSchemas)[N];
  /** Attempts, backoff and how long finished jobs are kept. */
  options: JobsOptions;
  /**
   * A stable id where a duplicate must not run (BullMQ ignores an add whose id exists), so a
   * retried request or a second trigger joins the first job. Null: every add is a new job. BullMQ
   * refuses a ':' in custom ids.
   */
  jobId: ((payload: JobPayloads[N]) => string) | null;
  /** Produced by a job scheduler every `everyMs`, once across all workers, with this payload. */
  schedule?: { everyMs: number; payload: JobPayloads[N] };
}

/** Every job: its payload schema, options and id rule. The only place they are decided. */
export const JOB_TABLE: { [N in JobName]: JobSpec<N> } = {
  deliverContactMessage: {
    schema: jobPayloadSchemas.deliverContactMessage,
    options: RETRIED,
    jobId: ({ contactMessageId }) => `contact-${contactMessageId}`,
  },
  parseProspectList: {
    schema: jobPayloadSchemas.parseProspectList,
    options: RETRIED,
    // The same list is never parsed twice at once, and its job can be found from the list.
    jobId: ({ prospectListId }) => `prospect-list-${prospectListId}`,
  },
  importDoNotCallNumbers: {
    schema: jobPayloadSchemas.importDoNotCallNumbers,
    options: RETRIED,
    // One run per import: a duplicate joins it, and a retry resumes from the import's stored progress.
    jobId: ({ importId }) => `dnc-import-${importId}`,
  },
  generateScript: {
    schema: jobPayloadSchemas.generateScript,
    // Nobody waits for a late answer, so no retries after the SDK's own; results leave soon.
    options: {
      attempts: 1,
      removeOnComplete: { age: 600, count: 1000 },
      removeOnFail: { age: 3600, count: 1000 },
    },
    jobId: null,
  },
  activateCampaign: {
    schema: jobPayloadSchemas.activateCampaign,
    // Finished runs are kept for a week: a later call for the same intent gets the stored result.
    options: {
      ...RETRIED,
      removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
    },
    jobId: ({ paymentIntentId }) => `activate-${paymentIntentId}`,
  },
  recordFailedPayment: {
    schema: jobPayloadSchemas.recordFailedPayment,
    options: RETRIED,
    jobId: ({ paymentIntentId, stripeEventId }) => `failed-${paymentIntentId}-${stripeEventId}`,
  },
  applyStripeEvent: {
    schema: jobPayloadSchemas.applyStripeEvent,
    options: RETRIED,
    // Stripe redelivers an event with the same id: a redelivery joins (or follows) the first run.
    jobId: ({ stripeEventId }) => `stripe-event-${stripeEventId}`,
  },
  sweepAbandonedProspectLists: {
    schema: jobPayloadSchemas.sweepAbandonedProspectLists,
    // The next run comes soon enough; a failed sweep is not worth retrying.
    options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
    jobId: null,
    schedule: { everyMs: 5 * 60_000, payload: {} },
  },
  recheckSocketSessions: {
    schema: jobPayloadSchemas.recheckSocketSessions,
    // A session that ended on its own (its time ran out) closes its sockets within this. Sign-outs
    // and admin changes reach sockets at once (events/socketMembership.ts).
    options: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
    jobId: null,
    schedule: { everyMs: 5 * 60_000, payload: {} },
  },
  dispatchCalls: {
    schema: jobPayloadSchemas.dispatchCalls,
    // The next tick is a second away: a failed one is not worth retrying.
    options: ONE_SHOT,
    jobId: null,
    schedule: { everyMs: 1_000, payload: {} },
  },
  placeCall: {
    schema: jobPayloadSchemas.placeCall,
    // Placing is guarded by a conditional update, so a retry never dials twice.
    options: RETRIED,
    jobId: ({ callId }) => `call-${callId}`,
  },
  applyCallEvent: {
    schema: jobPayloadSchemas.applyCallEvent,
    // The database refuses a second delivery (unique call + kind + sequence number); the id also
    // folds a repeated callback into one job while the first is kept.
    options: { ...RETRIED, removeOnComplete: { count: 5000 } },
    jobId: ({ callId, kind, sequenceNumber }) => `evt-${callId}-${kind}-${sequenceNumber}`,
  },
  recordRelayEnd: {
    schema: jobPayloadSchemas.recordRelayEnd,
    // A call's relay ends once; a repeated request joins the first job, and what the first stored
    // stays (recordRelayEnd changes nothing twice).
    options: RETRIED,
    jobId: ({ callId }) => `relay-end-${callId}`,
  },
  answerMachine: {
    schema: jobPayloadSchemas.answerMachine,
    options: { ...RETRIED, attempts: 3 },
    jobId: ({ callId }) => `machine-${callId}`,
  },
  reconcileCalls: {
    schema: jobPayloadSchemas.reconcileCalls,
    options: ONE_SHOT,
    jobId: null,
    schedule: { everyMs: config.calls.reconcileEveryMs, payload: {} },
  },
  fetchCallPrice: {
    schema: jobPayloadSchemas.fetchCallPrice,
    // A sweep of the calls settled lately: a call whose price is not ready is in the next one.
    options: ONE_SHOT,
    jobId: null,
    schedule: { everyMs: 5_000, payload: {} },
  },
  sendMeterEvents: {
    schema: jobPayloadSchemas.sendMeterEvents,
    // A sweep of the outbox: a row not sent this time is in the next run, seconds later.
    options: ONE_SHOT,
    jobId: null,
    schedule: { everyMs: 5_000, payload: {} },
  },
  seedCampaignProspects: {
    schema: jobPayloadSchemas.seedCampaignProspects,
    options: RETRIED,
    jobId: ({ campaignId, prospectListId }) => `seed-${campaignId}-${prospectListId}`,
  },
  provisionPhoneNumber: {
    schema: jobPayloadSchemas.provisionPhoneNumber,
    // Removed once done, so the dispatcher can ask again later while no number is available.
    options: { ...RETRIED, removeOnComplete: true },
    jobId: ({ campaignId }) => `number-${campaignId}`,
  },
  verifyTwilioSetup: {
    schema: jobPayloadSchemas.verifyTwilioSetup,
    options: { ...RETRIED, attempts: 2, removeOnComplete: true },
    jobId: ({ campaignId }) => `verify-${campaignId}`,
  },
  summarizeCall: {
    schema: jobPayloadSchemas.summarizeCall,
    // One per call: a second close of the same session joins the first. The summary is written
    // only where none is stored, so a retry after a crash writes nothing twice.
    options: { ...RETRIED, attempts: 3 },
    jobId: ({ callId }) => `summary-${callId}`,
  },
  analyzeCall: {
    schema: jobPayloadSchemas.analyzeCall,
    // One per call, as the summary: the analysis and its aggregates are stored only while the
    // call has none (under its row lock), so a retry after a crash counts nothing twice.
    options: { ...RETRIED, attempts: 3 },
    jobId: ({ callId }) => `analysis-${callId}`,
  },
  sendLeadAlerts: {
    schema: jobPayloadSchemas.sendLeadAlerts,
    // One per call: settling and a late outcome both ask, and a finished run is kept for a day so
    // a later ask joins it instead of mailing again (each mail's own id guards that too).
    options: { ...RETRIED, removeOnComplete: { age: 24 * 3600, count: 10_000 } },
    jobId: ({ callId }) => `lead-alert-${callId}`,
  },
  sendLeadDigests: {
    schema: jobPayloadSchemas.sendLeadDigests,
    // Four runs in each hour: the one in a user's 8 o'clock hour mails them (once, see leadDigest.ts).
    options: ONE_SHOT,
    jobId: null,
    schedule: { everyMs: 15 * 60_000, payload: {} },
  },
  sendMail: {
    schema: jobPayloadSchemas.sendMail,
    // A mail server down for a while is waited out: 10 attempts from 15 s apart, about 4 hours in
    // all. Finished jobs are kept a month, so the same message asked for again within it joins the
    // sent one (the worker also remembers what it sent, services/mail/send.ts).
    options: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 15_000 },
      removeOnComplete: { age: 30 * 24 * 3600, count: 100_000 },
      removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
    },
    jobId: ({ id }) => mailJobId(id),
  },
  deliverWebhook: {
    schema: jobPayloadSchemas.deliverWebhook,
    // One job per (event, endpoint, attempt): a repeated trigger joins it, and the attempt's row
    // (unique) keeps a retried job from posting twice. These retries are for our own failures (the
    // database, Redis); the receiver's are the next attempt's job, scheduled by the handler.
    options: { ...RETRIED, attempts: 3, removeOnComplete: { count: 5000 } },
    jobId: ({ eventId, endpointId, attempt }) => `webhook-${eventId}-${endpointId}-${attempt}`,
  },
  emitCallWebhooks: {
    schema: jobPayloadSchemas.emitCallWebhooks,
    // Finished runs are kept for a day, so settling asked twice joins the first; each event's
    // source key keeps it written once anyway.
    options: { ...RETRIED, removeOnComplete: { age: 24 * 3600, count: 10_000 } },
    jobId: ({ callId, outcome }) => `call-webhooks-${callId}-${outcome}`,
  },
  cancelCalendarBooking: {
    schema: jobPayloadSchemas.cancelCalendarBooking,
    // Cal.com down for a while is waited out (8 attempts from 5 s apart, about 20 minutes). One
    // job per appointment, kept a week once done, so a repeated cancel joins it; the run itself
    // reads the booking first and sends no second cancel.
    options: {
      attempts: 8,
      backoff: { type: 'exponential', delay: 5_000 },
      removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
    },
    jobId: ({ appointmentId }) => `calendar-cancel-${appointmentId}`,
  },
  deleteExpiredRecordings: {
    schema: jobPayloadSchemas.deleteExpiredRecordings,
    // Retention is counted in days: a daily run is soon enough, and a failed or killed one leaves
    // its rows for the next (the state is in the rows, so a run repeated deletes nothing twice).
    options: ONE_SHOT,
    jobId: null,
    schedule: { everyMs: 24 * 3600_000, payload: {} },
  },
};

/** BullMQ refuses ':' in ids, which message ids use; escaping keeps two ids from meeting. */
export const mailJobId = (messageId: string) => `mail-${messageId.replace(/%/g, '%25').replace(/:/g, '%3A')}`;

/** A payload its job's schema refuses: a bug in the producer, or a job queued by an older release. */
export class InvalidJobPayload extends Error {
  constructor(name: JobName, message: string) {
    super(`Invalid ${name} payload: ${message}`);
    this.name = 'InvalidJobPayload';
  }
}

/** Each job's fast yes for a payload its schema plainly accepts (plainAcceptor), made on first use. */
const acceptors = new Map<JobName, ReturnType<typeof plainAcceptor>>();

function acceptorOf(name: JobName) {
  if (!acceptors.has(name)) acceptors.set(name, plainAcceptor(JOB_TABLE[name].schema));
  return acceptors.get(name)!;
}

/** The payload as its job's schema reads it (unknown keys dropped); InvalidJobPayload when refused. */
export async function parseJobPayload<N extends JobName>(name: N, data: unknown): Promise<JobPayloads[N]> {
  const accepted = acceptorOf(name)?.(data);
  if (accepted) return accepted as JobPayloads[N];
  try {
    return (await JOB_TABLE[name].schema.validate(data, { stripUnknown: true })) as JobPayloads[N];
  } catch (err) {
    if (err instanceof ValidationError) throw new InvalidJobPayload(name, err.message);
    throw err;
  }
}

/** The job id the table gives a payload, or undefined for jobs without one. */
export function jobIdFor<N extends JobName>(name: N, payload: JobPayloads[N]): string | undefined {
  return JOB_TABLE[name].jobId?.(payload);
}
