import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect } from 'vitest';
import { NodeWebSocket, io as connect } from 'socket.io-client';
import { startScaleStack, type ScaleStack } from '../../../scripts/scale/stack';
import { Op } from 'sequelize';
import { CallRecord } from '../../src/db/models';
import { callsOf, campaignCompleted, DIALER_CLOCK_START, quietLine, TIME_SCALE, waitUntil } from './dialer';
import { ready } from './server';
import { statisticsMismatch } from './statistics';
import type { TestSocket } from './sockets';

export interface ScaleStackOptions {
  /** nginx's port; the apis and the mail sandbox take the next ones (each file a block of ten). */
  basePort: number;
  /** Added to every process's environment (pacing limits, say). */
  env?: Record<string, string>;
}

/**
 * Two apis behind nginx (ops/nginx.conf) and two workers, on this file's database and Redis, with
 * the Twilio sandbox playing calls TIME_SCALE times faster on the dialer's test clock; started
 * before the file's tests and stopped after them. Read it inside a test or hook.
 */
export function useScaleStack({ basePort, env = {} }: ScaleStackOptions): { readonly stack: ScaleStack } {
  let stack: ScaleStack | undefined;
  beforeAll(async () => {
    await quietLine();
    stack = await startScaleStack({
      apis: 2,
      workers: 2,
      basePort,
      env: { SANDBOX_TIME_SCALE: String(TIME_SCALE), DIALER_CLOCK_START, ...env },
    });
  }, 240_000);
  afterAll(async () => {
    await stack?.stop();
  }, 60_000);
  return {
    get stack() {
      return ready(stack, 'The scale stack');
    },
  };
}

/** The api that answered a response through nginx (the last one tried, when nginx retried). */
export const servedBy = (response: { headers: Headers }) =>
  response.headers.get('x-upstream')?.split(',').at(-1)?.trim();

export const apiAddress = (stack: ScaleStack, index: number) => `127.0.0.1:${stack.apis[index].port}`;

/**
 * Sends `attempt` through nginx until the api at `address` answers one (round robin spreads them):
 * for a change that must be made through a given api. Each attempt must be one the test can repeat.
 */
export async function throughApi<T extends { headers: Headers }>(
  address: string,
  attempt: () => Promise<T>,
  tries = 20,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const response = await attempt();
    if (servedBy(response) === address) return response;
  }
  throw new Error(`nginx never sent the request to ${address} in ${tries} tries`);
}

/** A signed-in browser's socket through nginx, and the api nginx handed it to. */
async function openSocketThroughNginx(url: string, cookie: string) {
  let upstream: string | undefined;
  // The WebSocket transport as a browser's, which notes the handshake's answer: nginx says there
  // which api took the connection.
  class NamingTransport extends NodeWebSocket {
    override createSocket(
      uri: string,
      protocols: string | string[] | undefined,
      opts: Record<string, unknown>,
    ) {
      const ws = super.createSocket(uri, protocols, opts);
      ws.once('upgrade', (response: IncomingMessage) => {
        upstream = String(response.headers['x-upstream'] ?? '')
          .split(',')
          .at(-1)
          ?.trim();
      });
      return ws;
    }
  }
  const socket: TestSocket = connect(url, {
    path: '/socket.io',
    transports: [NamingTransport],
    reconnection: false,
    extraHeaders: { Cookie: cookie },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
  return { socket, upstream };
}

/** A signed-in browser's socket that nginx handed to the api at `address` (others are closed). */
export async function openSocketOn(
  url: string,
  cookie: string,
  address: string,
  tries = 20,
): Promise<TestSocket> {
  for (let i = 0; i < tries; i++) {
    const { socket, upstream } = await openSocketThroughNginx(url, cookie);
    if (upstream === address) return socket;
    socket.close();
  }
  throw new Error(`nginx never handed a socket to ${address} in ${tries} tries`);
}

/** Every outcome the sandbox plays but a promised call back (8), which would keep a campaign open. */
export const DIALED_DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 9];
/** The call's final status the sandbox plays for a number's last digit. */
const STATUS_BY_DIGIT: Record<number, string> = { 0: 'busy', 1: 'no_answer', 3: 'failed' };

/**
 * The campaign completes with each prospect called once, each call settled with its own CallSid
 * and the status its number plays, and the counters equal to the records.
 *
 * `lostPlacements`: the Twilio sandbox's REST API is served by the apis, behind the same nginx, so
 * a call's creation that a killed api held is answered 502, as Twilio's own API failing would be
 * (nginx does not repeat a POST it already sent there), and the call is settled failed without a
 * CallSid. Up to this many such calls are allowed.
 */
export async function expectEachCalledOnce(campaignId: number, prospects: number, lostPlacements = 0) {
  const done = await campaignCompleted(campaignId, 120_000);
  const calls = await callsOf(campaignId);
  expect(calls).toHaveLength(prospects);
  expect(new Set(calls.map((call) => call.prospectId)).size).toBe(prospects);
  expect(calls.filter((call) => call.settledAt === null)).toEqual([]);
  const placed = calls.filter((call) => call.providerCallSid !== null);
  const unplaced = calls.filter((call) => call.providerCallSid === null);
  expect(unplaced.length).toBeLessThanOrEqual(lostPlacements);
  for (const call of unplaced)
    expect({ status: call.status, error: call.errorMessage }).toEqual({
      status: 'failed',
      error: expect.stringContaining('[HTTP 502]'),
    });
  expect(new Set(placed.map((call) => call.providerCallSid)).size).toBe(placed.length);
  const misplayed = placed.filter(
    (call) => call.status !== (STATUS_BY_DIGIT[Number(call.toNumber.slice(-1))] ?? 'completed'),
  );
  expect(misplayed.map((call) => [call.toNumber, call.status])).toEqual([]);
  expect(done.totalCalls).toBe(prospects);
  expect(await statisticsMismatch(campaignId)).toBeNull();
}

/** Calls of the campaign still to be placed or settled: a restart or a kill is mid-dial while any are. */
export async function callsLeft(campaignId: number, prospects: number): Promise<number> {
  const calls = await callsOf(campaignId);
  return prospects - calls.length + calls.filter((call) => call.settledAt === null).length;
}

/** Waits until the campaign has calls ringing or in progress: a kill or a restart then lands mid-dial. */
export const untilCallsLive = (campaignId: number) =>
  waitUntil(
    () => CallRecord.count({ where: { campaignId, status: { [Op.in]: ['in_progress', 'ringing'] } } }),
    'live calls',
    60_000,
  );
