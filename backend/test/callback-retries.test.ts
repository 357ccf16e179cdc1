import http from 'node:http';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { config } from '../src/config';
import { sequelize } from '../src/db/sequelize';
import { callsOf, campaignCompleted, dialableCampaign, numbersEndingIn } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { statisticsMismatch } from './helpers/statistics';

/** Where our app is public in this file: in front of the api, it loses the answer to each first try. */
const FRONT_PORT = 7601;
const FRONT_URL = `http://127.0.0.1:${FRONT_PORT}`;

const api = useDialerStack({
  workers: 1,
  workerEnv: { PUBLIC_URL: FRONT_URL, TWILIO_CPS: '5', TWILIO_MAX_CONCURRENT_CALLS: '3' },
  beforeClose: () => front.close(),
});

interface Try {
  path: string;
  token: string;
  apiStatus: number;
}

/**
 * The path between Twilio and an api that dies after taking a request: the first try of each
 * request (by its I-Twilio-Idempotency-Token) reaches the api, which takes it, and its answer is
 * lost: Twilio hears 503, as from a balancer whose api died mid-request. Later tries pass through.
 */
function startFront() {
  const tries: Try[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const token = String(req.headers['i-twilio-idempotency-token'] ?? '');
      const first = !tries.some((t) => t.token === token);
      const forwarded = http.request(
        `${api.baseUrl}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(api.baseUrl).host } },
        (answer) => {
          const body: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => body.push(chunk));
          answer.on('end', () => {
            tries.push({ path: req.url ?? '', token, apiStatus: answer.statusCode ?? 0 });
            if (first) return void res.writeHead(503).end();
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(body));
          });
        },
      );
      forwarded.on('error', () => res.writeHead(502).end());
      forwarded.end(Buffer.concat(chunks));
    });
  });
  const listening = new Promise<void>((resolve) => server.listen(FRONT_PORT, '127.0.0.1', resolve));
  return {
    tries,
    listening,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const front = startFront();
const publicUrlBefore = config.publicUrl;
beforeAll(async () => {
  await front.listening;
  config.publicUrl = FRONT_URL;
});
afterAll(() => {
  config.publicUrl = publicUrlBefore;
});

describe("Twilio's retries of the callbacks Ringcast asks to be retried", () => {
  it('settles each call once when the answer to every first status callback is lost and Twilio tries again', async () => {
    // Busy, no answer, failed: calls whose status callbacks are all that settles them.
    const { campaign } = await dialableCampaign(api.baseUrl, {
      numbers: numbersEndingIn([0, 1, 3]),
      maxConcurrentCalls: 3,
    });
    await campaignCompleted(campaign.id, 90_000);
    const calls = await callsOf(campaign.id);
    expect(calls.map((c) => c.status).sort()).toEqual(['busy', 'failed', 'no_answer']);

    for (const call of calls) {
      const statusTries = front.tries.filter((t) => t.path === `/webhooks/twilio/calls/${call.id}/status`);
      const tokens = new Set(statusTries.map((t) => t.token));
      // Every callback reached the api twice (the fragment never did: the path is the bare one),
      // and the api took both tries.
      expect(tokens.size).toBeGreaterThanOrEqual(2);
      expect(statusTries).toHaveLength(tokens.size * 2);
      expect(statusTries.every((t) => t.apiStatus === 204)).toBe(true);
      // Each was applied once.
      const [{ n }] = await sequelize.query<{ n: number }>(
        'SELECT COUNT(*) AS n FROM call_events WHERE callRecordId = ?',
        { replacements: [call.id], type: QueryTypes.SELECT },
      );
      expect(Number(n)).toBe(tokens.size);
    }
    // A call counts once in its campaign.
    const completed = await campaignCompleted(campaign.id);
    expect(completed.totalCalls).toBe(3);
    expect(await statisticsMismatch(campaign.id)).toBeNull();
  });
});
