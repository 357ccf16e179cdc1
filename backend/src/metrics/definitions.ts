import { Counter, Gauge, Histogram } from 'prom-client';
import { registry } from './registry';
import {
  collectCallsInFlight,
  collectOpenSockets,
  collectQueueJobs,
  collectStreamGroups,
  collectStreamLength,
} from './collectors';

/*
 * Every metric Ringcast exports, each defined once here. Labels stay bounded: route templates
 * (never ids), status codes, queue and stream names, and the Twilio account a call is paced on.
 * Gauges marked "at scrape" are read when Prometheus asks, never on a request's path.
 */
const registers = [registry];

/** Seconds; from a millisecond answer to the slow ones a client or Twilio gives up on. */
const ANSWER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15];

export const httpRequestDuration = new Histogram({
  name: 'ringcast_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route template (unmatched when no route) and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: ANSWER_BUCKETS,
  registers,
});

export const webhookDuration = new Histogram({
  name: 'ringcast_webhook_duration_seconds',
  help: 'Time to answer a provider webhook (Twilio, Stripe), by route template and status.',
  labelNames: ['route', 'status'] as const,
  buckets: ANSWER_BUCKETS,
  registers,
});

export const openSockets = new Gauge({
  name: 'ringcast_socketio_sockets',
  help: 'Signed-in Socket.IO sockets open on this api process (at scrape).',
  registers,
  collect() {
    collectOpenSockets(this);
  },
});

export const relaySessions = new Gauge({
  name: 'ringcast_relay_sessions',
  help: 'ConversationRelay sessions (live AI-voice calls) open on this api process.',
  registers,
});

export const relayTurnOverhead = new Histogram({
  name: 'ringcast_relay_turn_overhead_seconds',
  help:
    "Our part of a reply's delay: from the callee's final words reaching us to our first words leaving, " +
    "less the model's time to its first token.",
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers,
});

export const queueJobs = new Gauge({
  name: 'ringcast_queue_jobs',
  help: 'Jobs in each BullMQ queue by state (waiting, active, delayed, failed), read at scrape by the workers.',
  labelNames: ['queue', 'state'] as const,
  registers,
  async collect() {
    await collectQueueJobs(this);
  },
});

export const jobDuration = new Histogram({
  name: 'ringcast_job_duration_seconds',
  help: 'Time a job ran on this worker (finished less processed), by queue and result (completed, failed).',
  labelNames: ['queue', 'result'] as const,
  buckets: [0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers,
});

export const streamLength = new Gauge({
  name: 'ringcast_stream_length',
  help: 'Entries in each Redis stream the workers consume (XLEN), read at scrape by the workers.',
  labelNames: ['stream'] as const,
  registers,
  async collect() {
    await collectStreamLength(this);
  },
});

export const streamGroupLag = new Gauge({
  name: 'ringcast_stream_group_lag',
  help: "Entries of the stream not yet delivered to its consumer group (XINFO GROUPS' lag).",
  labelNames: ['stream', 'group'] as const,
  registers,
  async collect() {
    await collectStreamGroups(this, 'lag');
  },
});

export const streamGroupPending = new Gauge({
  name: 'ringcast_stream_group_pending',
  help: 'Entries delivered to a consumer of the group and not yet acknowledged (applied).',
  labelNames: ['stream', 'group'] as const,
  registers,
  async collect() {
    await collectStreamGroups(this, 'pending');
  },
});

export const callsInFlight = new Gauge({
  name: 'ringcast_calls_in_flight',
  help: 'Calls holding a pacing slot on each Twilio account (placed, not yet settled), read at scrape.',
  labelNames: ['account_sid'] as const,
  registers,
  async collect() {
    await collectCallsInFlight(this);
  },
});

export const callsPlaced = new Counter({
  name: 'ringcast_calls_placed_total',
  help: 'Calls handed to Twilio by this worker, by Twilio account (rate() gives calls placed per second).',
  labelNames: ['account_sid'] as const,
  registers,
});

export const dispatchPick = new Histogram({
  name: 'ringcast_dispatch_pick_seconds',
  help: "Time a dispatcher tick takes choosing every active campaign's due prospects and queuing their calls.",
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});
