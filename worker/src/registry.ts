import { UnrecoverableError, type Job } from 'bullmq';
import { JOB_NAMES, type JobName, type JobPayloads } from '@ringcast/shared-types';
import { InvalidJobPayload, parseJobPayload } from '@ringcast/backend';
import { handleDeliverContactMessage } from './jobs/deliverContactMessage';
import { handleParseProspectList } from './jobs/parseProspectList';
import { handleImportDoNotCallNumbers } from './jobs/importDoNotCallNumbers';
import { handleGenerateScript } from './jobs/generateScript';
import { handleActivateCampaign } from './jobs/activateCampaign';
import { handleRecordFailedPayment } from './jobs/recordFailedPayment';
import { handleApplyStripeEvent } from './jobs/billingStripeEvent';
import { handleDispatchCalls } from './jobs/dispatchCalls';
import { handlePlaceCall } from './jobs/placeCall';
import { handleApplyCallEvent } from './jobs/applyCallEvent';
import { handleAnswerMachine } from './jobs/answerMachine';
import { handleRecordRelayEnd } from './jobs/recordRelayEnd';
import { handleReconcileCalls } from './jobs/reconcileCalls';
import { handleFetchCallPrice } from './jobs/fetchCallPrice';
import { handleSendMeterEvents } from './jobs/sendMeterEvents';
import { handleSeedCampaignProspects } from './jobs/seedCampaignProspects';
import { handleProvisionPhoneNumber } from './jobs/provisionPhoneNumber';
import { handleVerifyTwilioSetup } from './jobs/verifyTwilioSetup';
import { handleSweepAbandonedProspectLists } from './jobs/sweepAbandonedProspectLists';
import { handleSummarizeCall } from './jobs/summarizeCall';
import { handleAnalyzeCall } from './jobs/analyzeCall';
import { handleSendLeadAlerts } from './jobs/sendLeadAlerts';
import { handleSendLeadDigests } from './jobs/sendLeadDigests';
import { handleDeliverWebhook } from './jobs/deliverWebhook';
import { handleEmitCallWebhooks } from './jobs/emitCallWebhooks';
import { handleRecheckSocketSessions } from './jobs/recheckSocketSessions';
import { handleSendMail } from './jobs/sendMail';
import { handleCancelCalendarBooking } from './jobs/cancelCalendarBooking';
import { handleDeleteExpiredRecordings } from './jobs/deleteExpiredRecordings';

/** `token` is the job's lock token, for a handler that moves its own job (back to delayed, say). */
export type JobHandler<N extends JobName> = (job: Job<JobPayloads[N]>, token?: string) => Promise<unknown>;

/** Job name -> handler. Every name in the shared contract needs one (checked at boot). */
export const handlers: { [N in JobName]: JobHandler<N> } = {
  deliverContactMessage: handleDeliverContactMessage,
  parseProspectList: handleParseProspectList,
  importDoNotCallNumbers: handleImportDoNotCallNumbers,
  generateScript: handleGenerateScript,
  activateCampaign: handleActivateCampaign,
  recordFailedPayment: handleRecordFailedPayment,
  applyStripeEvent: handleApplyStripeEvent,
  dispatchCalls: handleDispatchCalls,
  placeCall: handlePlaceCall,
  applyCallEvent: handleApplyCallEvent,
  answerMachine: handleAnswerMachine,
  recordRelayEnd: handleRecordRelayEnd,
  reconcileCalls: handleReconcileCalls,
  fetchCallPrice: handleFetchCallPrice,
  sendMeterEvents: handleSendMeterEvents,
  seedCampaignProspects: handleSeedCampaignProspects,
  provisionPhoneNumber: handleProvisionPhoneNumber,
  verifyTwilioSetup: handleVerifyTwilioSetup,
  sweepAbandonedProspectLists: handleSweepAbandonedProspectLists,
  recheckSocketSessions: handleRecheckSocketSessions,
  summarizeCall: handleSummarizeCall,
  analyzeCall: handleAnalyzeCall,
  sendLeadAlerts: handleSendLeadAlerts,
  sendLeadDigests: handleSendLeadDigests,
  sendMail: handleSendMail,
  deliverWebhook: handleDeliverWebhook,
  emitCallWebhooks: handleEmitCallWebhooks,
  cancelCalendarBooking: handleCancelCalendarBooking,
  deleteExpiredRecordings: handleDeleteExpiredRecordings,
};

/**
 * Jobs a worker process runs at once, where WORKER_CONCURRENCY would be too many: a parse holds a
 * whole file's worth of dedupe state and keeps a core busy, so a few at a time is the fastest.
 */
export const concurrencyLimits: Partial<Record<JobName, number>> = {
  parseProspectList: 2,
  // Each batch holds a customer's row lock and counts their list: a few imports at a time.
  importDoNotCallNumbers: 2,
  // One tick at a time per process (a Redis lock makes it one across processes too).
  dispatchCalls: 1,
  reconcileCalls: 1,
  fetchCallPrice: 1,
  // One sweep of the outbox at a time per process: two would send the same rows side by side.
  sendMeterEvents: 1,
  // One retention run at a time per process (its rows make two side by side harmless, only slower).
  deleteExpiredRecordings: 1,
};

/**
 * Jobs that spend their time waiting on the network or a row lock, not the CPU: a busy dialer
 * receives thousands of callbacks a second and keeps hundreds of calls pacing.
 */
export const concurrencyAtLeast: Partial<Record<JobName, number>> = {
  placeCall: 50,
  applyCallEvent: 50,
  answerMachine: 10,
  recordRelayEnd: 10,
  // Each waits up to 10 s on a customer's receiver.
  deliverWebhook: 20,
};

export function assertEveryJobHasHandler(): void {
  const missing = JOB_NAMES.filter((name) => typeof handlers[name] !== 'function');
  if (missing.length) throw new Error(`No handler for jobs: ${missing.join(', ')}`);
}

/** A job whose payload its schema refuses: retrying cannot help, so it fails at once. */
export class RefusedPayloadError extends UnrecoverableError {}

/**
 * Runs a job's handler once its payload passes the job's schema; the handler sees the payload as
 * the schema reads it.
 */
export async function runJob<N extends JobName>(
  name: N,
  job: Job<JobPayloads[N]>,
  token?: string,
): Promise<unknown> {
  try {
    job.data = await parseJobPayload(name, job.data);
  } catch (err) {
    if (err instanceof InvalidJobPayload) throw new RefusedPayloadError(err.message);
    throw err;
  }
  return handlers[name](job, token);
}
