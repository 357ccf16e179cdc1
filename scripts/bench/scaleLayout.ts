// One layout of bench:scale: its campaigns dialed to the end through its front (one api, or nginx
// in front of several), then status callbacks posted at that front; what each cost and whether
// anything was placed twice or counted wrong. Imports the backend: load it once the bench's
// environment is in place.
import { readFileSync } from 'node:fs';
import { CallRecord, Campaign, config, sequelize } from '@ringcast/backend';
import { platformTwilioAccount, twilioClient } from '@ringcast/backend/calls';
import { statisticsMismatch } from '@ringcast/backend/testing';
import { cpuSecondsOf } from './benchEnv';
import { createBenchCampaigns } from './dialerCampaigns';
import { floodStatusCallbacks, type FloodResult } from './dialerFlood';
import { maxPerSecond, ratePerSecond } from './dialerFigures';

/** What runs a layout: where Twilio and customers reach it, and its processes. */
export interface RunningLayout {
  name: string;
  url: string;
  apiPids: number[];
  workerPids: number[];
  stop(): Promise<void>;
}

export interface LayoutRun {
  /** The first campaign's index: each layout has customers and numbers of its own. */
  first: number;
  campaigns: number;
  prospects: number;
  floodRate: number;
  floodSeconds: number;
  timeoutSeconds: number;
  /** True once the run is interrupted (Ctrl-C): the layout stops waiting. */
  interrupted: () => boolean;
}

export interface LayoutFigures {
  name: string;
  prospects: number;
  placed: number;
  dialingSeconds: number;
  completed: boolean;
  placedPerSecond: number;
  busiestSecond: number;
  /** Status callbacks applied while dialing, per second (first to last). */
  callbacksPerSecond: number;
  callbacks: number;
  relaySessions: number;
  twiceInRecords: number;
  twiceAtTwilio: number;
  mismatched: string[];
  /** CPU ms per call while dialing, of every api together and every worker together. */
  cpuPerCall: { api: number; workers: number };
  flood: FloodResult;
  /** CPU ms per status callback posted in the flood. */
  cpuPerCallback: { api: number; workers: number };
  /** /proc/loadavg before dialing and after the flood. */
  load: [string, string];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rows = async <T>(sql: string, replacements: Record<string, unknown>) =>
  (await sequelize.query(sql, { replacements }))[0] as T[];
export const machineLoad = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** CPU seconds used so far by the apis together and the workers together. */
function cpuMeter(layout: RunningLayout) {
  const sum = (pids: number[]) => pids.reduce((total, pid) => total + cpuSecondsOf(pid), 0);
  const read = () => ({ api: sum(layout.apiPids), workers: sum(layout.workerPids) });
  return () => {
    const before = read();
    return (units: number) => {
      const after = read();
      const per = (part: 'api' | 'workers') => ((after[part] - before[part]) * 1000) / Math.max(units, 1);
      return { api: per('api'), workers: per('workers') };
    };
  };
}

/**
 * Every prospect copied into these campaigns (the worker does it as they start), every call ended
 * and every prospect called, but for those promised a call back (digit 8 asks for one): such a
 * campaign rightly stays open, a day later on the dialer's clock.
 */
async function onlyCallBacksLeft(ids: number[], prospects: number): Promise<boolean> {
  const [{ open }] = await rows<{ open: number }>(
    `SELECT :prospects - (SELECT COUNT(*) FROM campaign_prospects WHERE campaignId IN (:ids)) +
            (SELECT COUNT(*) FROM call_records WHERE campaignId IN (:ids) AND settledAt IS NULL) +
            (SELECT COUNT(*) FROM campaign_prospects cp
              WHERE cp.campaignId IN (:ids) AND cp.state NOT IN ('done', 'skipped', 'opted_out')
                AND NOT EXISTS (SELECT 1 FROM callbacks cb WHERE cb.campaignId = cp.campaignId
                  AND cb.prospectId = cp.prospectId AND cb.status = 'scheduled')) AS open`,
    { ids, prospects },
  );
  return Number(open) === 0;
}

/** Dials the layout's campaigns to their end, floods its webhook, and reads what happened. */
export async function runLayout(layout: RunningLayout, run: LayoutRun): Promise<LayoutFigures> {
  // The bench's own SDK calls (listing what Twilio placed) go to this layout's sandbox.
  config.sandboxUrl = layout.url;
  const campaigns = await createBenchCampaigns(run.campaigns, run.prospects, run.first);
  const ids = campaigns.map((c) => c.campaignId);
  const meter = cpuMeter(layout);
  const load: [string, string] = [machineLoad(), ''];
  const dialingCpu = meter();
  const started = Date.now();
  const deadline = started + run.timeoutSeconds * 1000;
  let completed = true;
  let lastReport = started;
  for (;;) {
    const done = await Campaign.count({ where: { id: ids, status: 'completed' } });
    if (done === ids.length || (await onlyCallBacksLeft(ids, run.prospects))) break;
    if (run.interrupted()) throw new Error('interrupted');
    if (Date.now() > deadline) {
      completed = false;
      break;
    }
    if (Date.now() - lastReport >= 10_000) {
      lastReport = Date.now();
      const [{ settled }] = await rows<{ settled: number }>(
        'SELECT COUNT(*) AS settled FROM call_records WHERE campaignId IN (:ids) AND settledAt IS NOT NULL',
        { ids },
      );
      console.error(
        `  ${layout.name}: ${((Date.now() - started) / 1000).toFixed(0)} s, ${settled} calls ended`,
      );
    }
    await sleep(250);
  }
  const dialingSeconds = (Date.now() - started) / 1000;
  const calls = await CallRecord.findAll({
    attributes: ['id', 'campaignId', 'prospectId', 'toNumber', 'dialedAt', 'relayStartedAt'],
    where: { campaignId: ids },
  });
  const cpuPerCall = dialingCpu(calls.length);
  const placed = calls.filter((c) => c.dialedAt);
  const perProspect = new Map<string, number>();
  for (const call of placed) {
    const key = `${call.campaignId}-${call.prospectId}`;
    perProspect.set(key, (perProspect.get(key) ?? 0) + 1);
  }
  // What Twilio itself was asked to place, of this layout's numbers: a transfer's leg (a child
  // call, to the business) is not a prospect called again.
  const ours = new Set(calls.map((c) => c.toNumber));
  const atTwilio = new Map<string, number>();
  for (const call of await twilioClient(platformTwilioAccount()).calls.list({ pageSize: 1000 }))
    if (!call.parentCallSid && ours.has(call.to)) atTwilio.set(call.to, (atTwilio.get(call.to) ?? 0) + 1);
  const events = await rows<{ at: number }>(
    `SELECT UNIX_TIMESTAMP(e.receivedAt) * 1000 AS at FROM call_events e
       JOIN call_records c ON c.id = e.callRecordId WHERE c.campaignId IN (:ids) AND e.kind = 'status'`,
    { ids },
  );
  const callbackTimes = events.map((e) => Number(e.at));
  const dialedTimes = placed.map((c) => c.dialedAt!.getTime());

  const floodCpu = meter();
  const flood = await floodStatusCallbacks({
    baseUrl: layout.url,
    apiPid: layout.apiPids[0]!,
    campaigns,
    account: platformTwilioAccount(),
    rate: run.floodRate,
    seconds: run.floodSeconds,
    finalSeenAt: new Map(),
  });
  const cpuPerCallback = floodCpu(flood.sent);
  const mismatched: string[] = [];
  for (const id of ids) {
    const problem = await statisticsMismatch(id);
    if (problem) mismatched.push(`campaign ${id}: ${problem}`);
  }
  load[1] = machineLoad();
  return {
    name: layout.name,
    prospects: run.prospects,
    placed: placed.length,
    dialingSeconds,
    completed,
    placedPerSecond: ratePerSecond(dialedTimes),
    busiestSecond: maxPerSecond(dialedTimes),
    callbacksPerSecond: ratePerSecond(callbackTimes),
    callbacks: callbackTimes.length,
    relaySessions: calls.filter((c) => c.relayStartedAt).length,
    twiceInRecords: [...perProspect.values()].filter((n) => n > 1).length,
    twiceAtTwilio: [...atTwilio.values()].filter((n) => n > 1).length,
    mismatched,
    cpuPerCall,
    flood,
    cpuPerCallback,
    load,
  };
}
