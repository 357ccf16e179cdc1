import type { Context } from 'koa';
import type { Job, Worker } from 'bullmq';
import type { TurnMeasures } from '../services/agent/turnTimings';
import {
  callsPlaced,
  dispatchPick,
  httpRequestDuration,
  jobDuration,
  relaySessions,
  relayTurnOverhead,
  webhookDuration,
} from './definitions';

/*
 * What the measured code calls: each a histogram observe or a counter step in memory, nothing
 * that waits (no Redis, no database) on a request's or a call's path.
 */

const WEBHOOKS_PREFIX = '/webhooks/';

/**
 * One answered request. The route is the template that matched (`/api/campaigns/:id`), never the
 * path: a path holds ids, and each distinct label value is a series Prometheus keeps.
 */
export function recordRequest(ctx: Context, ms: number): void {
  const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
  const route = matched === undefined ? 'unmatched' : String(matched);
  const status = String(ctx.status);
  const seconds = ms / 1000;
  httpRequestDuration.observe({ method: ctx.method, route, status }, seconds);
  if (ctx.path.startsWith(WEBHOOKS_PREFIX)) webhookDuration.observe({ route, status }, seconds);
}

/** A relay session is open until `done` settles. */
export function countRelaySession(done: Promise<unknown>): void {
  relaySessions.inc();
  const closed = () => void relaySessions.dec();
  done.then(closed, closed);
}

/**
 * A reply's own delay, as bench:relay counts it: the response time less the model's time to its
 * first token. A reply that said nothing, or asked no model, has none.
 */
export function recordReplyOverhead({ responseMs, modelFirstTokenMs }: TurnMeasures): void {
  if (responseMs === null || modelFirstTokenMs === null) return;
  relayTurnOverhead.observe(Math.max(0, responseMs - modelFirstTokenMs) / 1000);
}

function observeJob(queue: string, job: Job | undefined, result: 'completed' | 'failed'): void {
  if (!job?.processedOn || !job.finishedOn) return;
  jobDuration.observe({ queue, result }, Math.max(0, job.finishedOn - job.processedOn) / 1000);
}

/** Times each job the worker finishes (a failed attempt counts as failed, retried or not). */
export function recordJobs(queue: string, worker: Worker): void {
  worker.on('completed', (job) => observeJob(queue, job, 'completed'));
  worker.on('failed', (job) => observeJob(queue, job, 'failed'));
}

/** A call Twilio accepted, on the account it is paced on. */
export function recordCallPlaced(accountSid: string): void {
  callsPlaced.inc({ account_sid: accountSid });
}

/** Starts timing a dispatcher tick; the answer ends it. */
export const timeDispatchPick = (): (() => void) => {
  const end = dispatchPick.startTimer();
  return () => void end();
};
