// The webhook's capacity apart from the dialer's pace: signed status callbacks for calls in
// progress, posted at a steady rate straight at the api as a busy Twilio account would, each call's
// four (initiated, ringing, in-progress, completed) a quarter second apart. Beside every tenth, a
// bare request to the same router (answered 404 without a signature check, lookup or queue) times
// the stack itself under the same load, so the webhook's own cost reads as a ratio. A callback
// counts as ingested once the workers have applied it (its row in call_events), not when the
// webhook appended it to the call events' stream.
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { CallRecord, sequelize } from '@ringcast/backend';
import { rememberDialedCall, signTwilioRequest } from '@ringcast/backend/calls';
import { ascending, machineSeconds, mainThreadSchedule } from './dialerFigures';
import { percentile } from './benchEnv';
import type { SenderInput, SenderOutput } from './floodSender';

export interface FloodOptions {
  baseUrl: string;
  /** The api's process, whose event loop is watched while the callbacks are sent. */
  apiPid: number;
  campaigns: { campaignId: number; userId: number }[];
  account: { accountSid: string; authToken: string };
  /** Callbacks per second. */
  rate: number;
  seconds: number;
  /** When each call's final state reached its owner's socket (filled by the caller's listener). */
  finalSeenAt: Map<number, number>;
}

export interface FloodResult {
  calls: number;
  sent: number;
  /** Epoch ms the sender's clock started. */
  startedAt: number;
  sendSeconds: number;
  /** How late the sender wrote its requests against their schedule, p99, in ms. */
  lateP99: number;
  /** Client-side answer times, ascending, in ms. */
  answers: number[];
  bare: number[];
  refused: number;
  /** The refused by what came back: an HTTP status, or `closed` when the connection closed first. */
  refusedBy: Record<string, number>;
  ingested: number;
  /** From the first callback applied to the last. */
  ingestSeconds: number;
  /** How long after the last callback was sent the last was applied. */
  drainSeconds: number;
  /**
   * Past the ramp (each call's four callbacks span 0.75 s), from 1 s to the end of the schedule's
   * last start: callbacks sent per second by the schedule, and applied per second in the same span.
   */
  steady: { from: number; to: number; sentPerSecond: number; appliedPerSecond: number };
  /** Completed callback sent -> the call's end on its owner's socket, ascending, in ms. */
  toSocket: number[];
  /** How busy the machine's cores were while the callbacks were sent, 0 to 1. */
  machineBusy: number;
  /**
   * The api's event loop while the callbacks were sent, as shares of that time (0 to 1): on a core,
   * and ready to run but waiting for one (every answer in that wait is late by it).
   */
  apiLoop: { ran: number; waited: number };
}

const STEPS = ['initiated', 'ringing', 'in-progress', 'completed'] as const;
const STEP_GAP_MS = 250;
const BARE_EVERY = 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls already dialed (as Twilio has them, their owners kept as the worker keeps them), spread over the campaigns, for the callbacks to move. */
async function callsInProgress(options: FloodOptions, count: number) {
  const dialedAt = new Date();
  const records = await CallRecord.bulkCreate(
    Array.from({ length: count }, (_, i) => {
      const { campaignId, userId } = options.campaigns[i % options.campaigns.length]!;
      return {
        campaignId,
        userId,
        toNumber: `+1213${200 + Math.floor(i / 10_000)}${String(i % 10_000).padStart(4, '0')}`,
        fromNumber: '+12125550199',
        accountSid: options.account.accountSid,
        providerCallSid: `CA${randomBytes(16).toString('hex')}`,
        status: 'dialing' as const,
        dialedAt,
        lastEventAt: dialedAt,
      };
    }),
  );
  // As placeCall keeps each call's owner before it dials.
  await Promise.all(
    records.map((r) => rememberDialedCall({ ...r.get({ plain: true }), accountSid: r.accountSid! })),
  );
  return records.map((r) => ({ id: r.id, to: r.toNumber, sid: r.providerCallSid! }));
}

export async function floodStatusCallbacks(options: FloodOptions): Promise<FloodResult> {
  const { baseUrl, account, rate, seconds } = options;
  const calls = await callsInProgress(options, Math.ceil((rate * seconds) / STEPS.length));
  const callStartEvery = (1000 * STEPS.length) / rate;
  const schedule = calls
    .flatMap((call, i) =>
      STEPS.map((step, seq) => ({ call, step, seq, due: i * callStartEvery + seq * STEP_GAP_MS })),
    )
    .sort((a, b) => a.due - b.due);

  // Bodies and signatures are made before the clock starts: Twilio's side of the traffic is not on
  // this machine in a deployment, so the sender spends as little of its CPU as it can.
  const host = new URL(baseUrl).host;
  const request = (path: string, body: string, signature?: string) =>
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\n' +
        (signature ? `X-Twilio-Signature: ${signature}\r\n` : '') +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  const sends: { callId: number; step: (typeof STEPS)[number]; bare: boolean; bytes: Buffer; due: number }[] =
    [];
  schedule.forEach(({ call, step, seq, due }, index) => {
    const path = `/webhooks/twilio/calls/${call.id}/status`;
    const params: Record<string, string> = {
      AccountSid: account.accountSid,
      ApiVersion: '2010-04-01',
      CallSid: call.sid,
      CallStatus: step,
      Called: call.to,
      Caller: '+12125550199',
      Direction: 'outbound-api',
      From: '+12125550199',
      To: call.to,
      CallbackSource: 'call-progress-events',
      SequenceNumber: String(seq),
      Timestamp: new Date().toUTCString().replace('GMT', '+0000'),
      ...(step === 'completed' ? { CallDuration: '30', Duration: '1', SipResponseCode: '200' } : {}),
    };
    const body = new URLSearchParams(params).toString();
    const signature = signTwilioRequest(account.authToken, `${baseUrl}${path}`, params);
    sends.push({ callId: call.id, step, bare: false, bytes: request(path, body, signature), due });
    if (index % BARE_EVERY === 0) {
      const bytes = request(`/webhooks/twilio/calls/${call.id}/bare`, body);
      sends.push({ callId: call.id, step, bare: true, bytes, due });
    }
  });

  const input: SenderInput = {
    port: Number(new URL(baseUrl).port),
    connections: 256,
    requests: sends.map((send) => send.bytes),
    due: Float64Array.from(sends, (send) => send.due),
  };
  // The thread loads the TypeScript file through tsx, as this process does.
  const senderFile = new URL('./floodSender.ts', import.meta.url).href;
  const sender = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(senderFile)}); })`,
    { eval: true, workerData: input },
  );
  const machineBefore = machineSeconds();
  const loopBefore = mainThreadSchedule(options.apiPid);
  const sendStarted = performance.now();
  const output = await new Promise<SenderOutput>((resolve, reject) => {
    sender.once('message', resolve);
    sender.once('error', reject);
  });
  const machineAfter = machineSeconds();
  const loopAfter = mainThreadSchedule(options.apiPid);
  const sendSpan = (performance.now() - sendStarted) / 1000;
  await sender.terminate();
  const started = output.startedAt;
  const answers: number[] = [];
  const bare: number[] = [];
  const late: number[] = [];
  let refused = 0;
  const refusedBy: Record<string, number> = {};
  const completedSentAt = new Map<number, number>();
  sends.forEach(({ callId, step, bare: isBare, due }, index) => {
    const ms = output.ms[index]!;
    late.push(output.sentAt[index]! - started - due);
    // A bare request whose connection closed first has no answer time.
    if (isBare) {
      if (output.status[index]) bare.push(ms);
    } else if (output.status[index] === 204) answers.push(ms);
    else {
      refused++;
      const answer = output.status[index] ? String(output.status[index]) : 'closed';
      refusedBy[answer] = (refusedBy[answer] ?? 0) + 1;
    }
    if (!isBare && step === 'completed') completedSentAt.set(callId, output.sentAt[index]!);
  });
  const lastSentAt = output.sentAt.reduce((a, b) => Math.max(a, b), started);

  // Applied by the workers: each callback is one row of call_events.
  const [first, last] = [calls[0]!.id, calls.at(-1)!.id];
  let applied = { count: 0, firstAt: 0, lastAt: 0 };
  let stalledSince = Date.now();
  while (applied.count < answers.length && Date.now() - stalledSince < 30_000) {
    await sleep(250);
    const [[row]] = (await sequelize.query(
      `SELECT COUNT(*) AS count, UNIX_TIMESTAMP(MIN(receivedAt)) * 1000 AS firstAt,
              UNIX_TIMESTAMP(MAX(receivedAt)) * 1000 AS lastAt
         FROM call_events WHERE kind = 'status' AND callRecordId BETWEEN ${first} AND ${last}`,
    )) as [{ count: number; firstAt: string; lastAt: string }[], unknown];
    if (Number(row!.count) > applied.count) stalledSince = Date.now();
    applied = { count: Number(row!.count), firstAt: Number(row!.firstAt), lastAt: Number(row!.lastAt) };
  }
  const steadyFrom = started + 1000;
  const steadyTo = started + seconds * 1000;
  const [[steadyRow]] = (await sequelize.query(
    `SELECT COUNT(*) AS count FROM call_events
      WHERE kind = 'status' AND callRecordId BETWEEN ${first} AND ${last}
        AND receivedAt >= FROM_UNIXTIME(${steadyFrom / 1000}) AND receivedAt < FROM_UNIXTIME(${steadyTo / 1000})`,
  )) as [{ count: number }[], unknown];
  const steadySeconds = (steadyTo - steadyFrom) / 1000;
  const steadySent = schedule.filter((item) => item.due >= 1000 && item.due < seconds * 1000).length;
  await sleep(1000); // the last coalesced pushes

  const toSocket: number[] = [];
  for (const [callId, sentAt] of completedSentAt) {
    const seenAt = options.finalSeenAt.get(callId);
    if (seenAt) toSocket.push(seenAt - sentAt);
  }
  return {
    calls: calls.length,
    sent: schedule.length,
    startedAt: started,
    sendSeconds: (lastSentAt - started) / 1000,
    lateP99: percentile(ascending(late), 99),
    answers: ascending(answers),
    bare: ascending(bare),
    refused,
    refusedBy,
    ingested: applied.count,
    ingestSeconds: (applied.lastAt - applied.firstAt) / 1000,
    drainSeconds: (applied.lastAt - lastSentAt) / 1000,
    steady: {
      from: 1,
      to: seconds,
      sentPerSecond: steadySent / steadySeconds,
      appliedPerSecond: Number(steadyRow!.count) / steadySeconds,
    },
    toSocket: ascending(toSocket),
    machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    apiLoop: {
      ran: (loopAfter.ran - loopBefore.ran) / sendSpan,
      waited: (loopAfter.waited - loopBefore.waited) / sendSpan,
    },
  };
}
