import { array, number, object, string, type InferType } from 'yup';
import { SCRIPT_TYPES } from './domain/campaignOptions';
import { scriptCampaignDataSchema } from './api/scripts';
import { recordId } from './api/ids';

const paymentIntentId = () =>
  string()
    .required('${path} is required')
    .matches(/^pi_[A-Za-z0-9_]+$/, '${path} must be a Stripe PaymentIntent id');

/**
 * The only queue contract: every job name and the schema of its payload. Payloads carry ids,
 * never rows; a script request carries the wizard's draft because that draft is not saved anywhere
 * yet. The producer checks a payload before adding it and the worker again before its handler runs.
 */
export const jobPayloadSchemas = {
  deliverContactMessage: object({ contactMessageId: recordId().required() }),
  parseProspectList: object({ prospectListId: recordId().required() }),
  /** Adds an uploaded do-not-call file's numbers in batches, resuming from the import's stored progress. */
  importDoNotCallNumbers: object({ importId: recordId().required() }),
  /** Answers `{ script }` to the api request waiting for it. */
  generateScript: object({
    userId: recordId().required(),
    scriptType: string()
      .required('${path} is required')
      .oneOf([...SCRIPT_TYPES], `\${path} must be one of: ${SCRIPT_TYPES.join(', ')}`),
    campaignData: scriptCampaignDataSchema.omit(['agentDocuments']),
    documentIds: array(recordId().required()).required('${path} is required'),
  }),
  /**
   * Activates the campaign a PaymentIntent paid for, once Stripe says it succeeded. The browser's
   * call and the webhook share one run (one job id per intent). Answers an ActivationResult to the
   * api request waiting for it.
   */
  activateCampaign: object({ paymentIntentId: paymentIntentId() }),
  /**
   * Records a failed payment attempt (webhook `payment_intent.payment_failed`); one run per
   * Stripe event, so a replayed event is recorded once.
   */
  recordFailedPayment: object({
    paymentIntentId: paymentIntentId(),
    stripeEventId: string().required('${path} is required').max(255),
  }),
  /**
   * One Stripe webhook event (billing): recorded once in stripe_events, its object re-read from
   * Stripe and Ringcast's billing state brought in step. One run per event id.
   */
  applyStripeEvent: object({
    stripeEventId: string()
      .required('${path} is required')
      .matches(/^evt_[A-Za-z0-9_]{1,60}$/, '${path} must be a Stripe event id'),
    type: string().required('${path} is required').max(64),
    /** The event's object id (in_..., sub_..., pi_...); the handler reads the object from Stripe. */
    objectId: string().required('${path} is required').max(255),
  }),
  /** Fails prospect lists whose parse job died (scheduled; no payload). */
  sweepAbandonedProspectLists: object({}),
  /** Asks every api process to check its sockets' sessions again (scheduled; no payload). */
  recheckSocketSessions: object({}),
  /** The dialer's tick: queues the next calls of every campaign that may dial (scheduled). */
  dispatchCalls: object({}),
  /** Places one queued call once a pacing slot of its account is free. */
  placeCall: object({ callId: recordId().required() }),
  /** A status or AMD callback, or a state fetched by reconciliation, applied to its call once. */
  applyCallEvent: object({
    callId: recordId().required(),
    kind: string()
      .required('${path} is required')
      .oneOf(['status', 'amd', 'fetch'] as const, '${path} must be status, amd or fetch'),
    callSid: string()
      .required('${path} is required')
      .matches(/^CA[0-9a-f]{32}$/, '${path} must be a Twilio CallSid'),
    accountSid: string()
      .required('${path} is required')
      .matches(/^AC[0-9a-f]{32}$/, '${path} must be a Twilio AccountSid'),
    /** Twilio's SequenceNumber for status callbacks; 0 for AMD; 4 for a final state fetched. */
    sequenceNumber: number().integer().min(0).required('${path} is required'),
    /** Twilio's CallStatus (`in-progress`, `no-answer`, ...). */
    callStatus: string().max(32).optional(),
    /** Twilio's AnsweredBy (`human`, `machine_end_beep`, ...). */
    answeredBy: string().max(32).optional(),
    callDuration: number().integer().min(0).optional(),
    sipResponseCode: number().integer().min(0).optional(),
    /** When the provider saw it (RFC 2822 or ISO). */
    timestamp: string().max(64).optional(),
  }),
  /**
   * A relay session's end (Twilio's `<Connect action>` request) that found its call held by a batch
   * applying its events: stored once the call is free, rather than kept waiting for.
   */
  recordRelayEnd: object({
    callId: recordId().required(),
    /** HandoffData as Twilio sent it (a callback's whole body is at most 64 KB). */
    handoffData: string().max(65_536).optional(),
    /** SessionDuration as Twilio sent it (recordRelayEnd stores no less than 0). */
    sessionSeconds: number().integer().optional(),
  }),
  /** A machine answered a live call: leave the voicemail or hang up, as the campaign says. */
  answerMachine: object({ callId: recordId().required() }),
  /** Settles calls whose callbacks stopped and calls a killed worker left half-placed (scheduled). */
  reconcileCalls: object({}),
  /** Reads the provider's prices of the calls answered and ended lately (they are not in the callbacks; scheduled). */
  fetchCallPrice: object({}),
  /** Reports unsent overage usage (usage_outbox) to Stripe's billing meter, each call once (scheduled). */
  sendMeterEvents: object({}),
  /** Copies the campaign's ready list into its calling queue. */
  seedCampaignProspects: object({
    campaignId: recordId().required(),
    prospectListId: recordId().required(),
  }),
  /** Buys the campaign's local number, once. */
  provisionPhoneNumber: object({ campaignId: recordId().required() }),
  /** Checks that the account that will place the campaign's calls answers, and owns its number. */
  verifyTwilioSetup: object({ campaignId: recordId().required() }),
  /** Writes the two-sentence summary of a call the agent took part in, once its session has closed. */
  summarizeCall: object({ callId: recordId().required() }),
  /** Asks the model what a call a person answered said (the campaign's fields, sentiment, goal), once. */
  analyzeCall: object({ callId: recordId().required() }),
  /** Mails a lead's alert (interested, booked, call back) to the owner and the campaign's extra addresses. */
  sendLeadAlerts: object({ callId: recordId().required() }),
  /** Mails yesterday's leads to each user whose clock shows 8 o'clock and who chose the digest (scheduled). */
  sendLeadDigests: object({}),
  /**
   * One email, rendered when it was asked for (services/mail). `id` is the message's stable id
   * (`password-reset:<tokenId>`): its job id, so the same message is sent once, and its Message-ID.
   */
  sendMail: object({
    id: string().required('${path} is required').max(255),
    to: array(string().required().email('${path} must be an email address').max(254))
      .required('${path} is required')
      .min(1, '${path} needs an address')
      .max(50),
    subject: string().required('${path} is required').max(998),
    text: string().required('${path} is required').max(262_144),
    html: string().required('${path} is required').max(524_288),
    /** The message's unsubscribe link: sent as List-Unsubscribe with RFC 8058's one-click POST. */
    listUnsubscribe: string()
      .matches(/^https?:\/\//, '${path} must be an http(s) address')
      .max(2048)
      .optional(),
  }),
  /**
   * One attempt to deliver a webhook event to an endpoint. A failed automatic attempt schedules the
   * next (`attempt` + 1) itself, delayed, until the event's retry window ends.
   */
  deliverWebhook: object({
    eventId: string()
      .required('${path} is required')
      .matches(/^evt_[A-Za-z0-9_-]{8,36}$/, '${path} must be an event id'),
    endpointId: recordId().required(),
    attempt: number().integer().min(1).max(1000).required('${path} is required'),
  }),
  /**
   * A settled call's webhook events (call.completed, appointment.booked), written once its summary
   * is; one job per call and outcome, so an outcome recorded after settling asks again.
   */
  emitCallWebhooks: object({
    callId: recordId().required(),
    outcome: string().max(32).required('${path} is required'),
  }),
  /** Cancels a canceled appointment's booking in the owner's calendar (Cal.com), once. */
  cancelCalendarBooking: object({ appointmentId: recordId().required() }),
  /** Deletes (at Twilio and ours) the call recordings past their campaign's retention (scheduled, daily). */
  deleteExpiredRecordings: object({}),
};

export type JobName = keyof typeof jobPayloadSchemas;
export type JobPayloads = { [N in JobName]: InferType<(typeof jobPayloadSchemas)[N]> };

export const JOB_NAMES = Object.keys(jobPayloadSchemas) as readonly JobName[];

/** A provider event about a call, as a webhook verified it (Twilio's field names, parsed). */
export type CallEventPayload = JobPayloads['applyCallEvent'];
