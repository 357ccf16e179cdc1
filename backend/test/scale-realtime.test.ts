import { describe, expect, it } from 'vitest';
import type { ProspectList } from '@ringcast/shared-types';
import type { CallRecord } from '../src/db/models';
import { getQueue } from '../src/queues';
import { putCampaign, userWithDraft } from './helpers/campaigns';
import { TestClient } from './helpers/client';
import { uploadFile } from './helpers/prospectFiles';
import { RelayCaller, answeredCall, relayUrl, storedTurns } from './helpers/relay';
import { apiAddress, openSocketOn, throughApi, useScaleStack } from './helpers/scaleStack';
import { collect, waitFor, type TestSocket } from './helpers/sockets';

/**
 * Two apis behind nginx (ops/nginx.conf as shipped) and two workers on one database and one Redis:
 * what one process does reaches the sockets another holds, and any api serves any request.
 */
// The agent waits for the callee as long as any test lasts (calls play 50 times faster here).
const scale = useScaleStack({ basePort: 7500, env: { AGENT_SILENCE_SECONDS: '3600' } });

const disconnected = (socket: TestSocket) =>
  new Promise<string>((resolve) => {
    if (socket.disconnected) resolve('already');
    socket.once('disconnect', (reason) => resolve(reason));
  });

describe('pushes through nginx', () => {
  it('a socket on api B hears a change made through api A, and what each worker does', async () => {
    const { stack } = scale;
    const owner = await userWithDraft(stack.url);
    const socket = await openSocketOn(stack.url, owner.client.cookieHeader, apiAddress(stack, 1));
    const campaigns = collect(socket, 'campaign:updated');
    const lists = collect(socket, 'prospectList:updated');

    let attempt = 0;
    const renamed = await throughApi(apiAddress(stack, 0), () =>
      putCampaign(owner.client, owner.campaign.id, { name: `Renamed on A ${++attempt}` }),
    );
    expect(renamed.status, renamed.text).toBe(200);
    await waitFor(() => campaigns.some((c) => c.name === `Renamed on A ${attempt}`), 10_000, 'the rename');

    // Each worker alone in turn reads an uploaded list: its "ready" reaches the socket on B.
    for (const [working, resting] of [stack.workers, [...stack.workers].reverse()]) {
      await resting.stop();
      try {
        const upload = await uploadFile(owner.client, 'prospects.csv', 'name,phone\nAda,+12125550100\n');
        expect(upload.status, upload.text).toBe(201);
        const id = (upload.json.prospectList as ProspectList).id;
        await waitFor(
          () => lists.some((list) => list.id === id && list.status === 'ready'),
          20_000,
          `${working.name}'s list to be ready`,
        );
      } finally {
        await resting.restart();
      }
    }
    socket.close();
  }, 90_000);

  it('a sign-out through api A closes the session’s socket on api B', async () => {
    const { stack } = scale;
    const owner = await userWithDraft(stack.url);
    // A sign-out that lands on B is tried again with a new session until one lands on A.
    for (let attempt = 0; attempt < 20; attempt++) {
      const client = new TestClient(stack.url);
      const signedIn = await client.post('/api/login', {
        email: owner.credentials.email,
        password: owner.credentials.password,
      });
      expect(signedIn.status, signedIn.text).toBe(200);
      const socket = await openSocketOn(stack.url, client.cookieHeader, apiAddress(stack, 1));
      const closed = disconnected(socket);
      const signedOut = await client.post('/api/logout');
      expect(signedOut.status).toBe(204);
      if (signedOut.headers.get('x-upstream') !== apiAddress(stack, 0)) {
        socket.close();
        continue;
      }
      expect(await closed).toBe('io server disconnect');
      return;
    }
    throw new Error('no sign-out reached api A');
  }, 60_000);
});

describe('relay sessions through nginx', () => {
  it('work on either api: with the other stopped, nginx hands the handshake to the one up', async () => {
    const { stack } = scale;
    for (const [serving, stopped] of [stack.apis, [...stack.apis].reverse()]) {
      await stopped.stop();
      try {
        const { call } = await answeredCall(stack.url);
        const caller = await RelayCaller.open(relayUrl(stack.url, call));
        caller.setup(call.id);
        caller.say("I'm fine, thanks.");
        const reply = await caller.turn(0);
        expect(reply.text.length, `${serving.name}'s reply`).toBeGreaterThan(0);
        await storedTurns(call.id, 3);
        caller.close();
      } finally {
        await stopped.restart();
      }
    }
  }, 90_000);

  it('a draining api refuses a new session with 503, and nginx hands the handshake to the other api', async () => {
    const { stack } = scale;
    const [draining, other] = stack.apis;
    // A session on the api to drain, which keeps it draining until the session ends.
    await other.stop();
    const held = await (async () => {
      try {
        const { call } = await answeredCall(stack.url);
        const caller = await RelayCaller.open(relayUrl(stack.url, call));
        caller.setup(call.id);
        return caller;
      } finally {
        await other.restart();
      }
    })();
    const calls: CallRecord[] = [];
    for (let i = 0; i < 6; i++) calls.push((await answeredCall(stack.url)).call);
    const exited = draining.stop();
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${draining.port}/api/ready`)).status === 503,
      10_000,
      'the api to drain',
    );
    // Handshakes back to back: round robin offers them to the draining api in turn, and every one
    // is still opened.
    const opened: RelayCaller[] = [];
    for (const call of calls) opened.push(await RelayCaller.open(relayUrl(stack.url, call)));
    opened.forEach((caller) => caller.close());
    held.close();
    expect(await exited).toBe(0);
    await draining.restart();

    // nginx logs a WebSocket once it closes.
    const lines = await waitFor(
      () => {
        const log = stack.accessLog().split('\n');
        const found = calls.map((call) => log.find((line) => line.includes(`/relay/${call.id}?`)));
        return found.every(Boolean) ? (found as string[]) : null;
      },
      10_000,
      'the sessions in the access log',
    );
    expect(lines.filter((line) => !/" 101 /.test(line))).toEqual([]);
    const handedOver = `upstream=127.0.0.1:${draining.port}, 127.0.0.1:${other.port} upstream_status=503, 101`;
    expect(lines.filter((line) => line.includes(handedOver)).length).toBeGreaterThan(0);
  }, 90_000);
});

describe('scheduled jobs', () => {
  it('the dispatch tick runs once a second however many workers run it', async () => {
    const since = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const until = Date.now();
    const runs = (await getQueue('dispatchCalls').getJobs(['completed'], 0, 99)).filter(
      (run) => (run.processedOn ?? 0) >= since && (run.processedOn ?? 0) < until,
    );
    // Two workers each ticking on their own would make about twelve.
    expect(runs.length).toBeGreaterThanOrEqual(4);
    expect(runs.length).toBeLessThanOrEqual(7);
    expect(new Set(runs.map((run) => run.id)).size).toBe(runs.length);
  }, 30_000);
});

describe('nginx in front', () => {
  it('lets uploads up to the app’s limit through: the app, not nginx, refuses a file just over it', async () => {
    const owner = await userWithDraft(scale.stack.url);
    const justOver = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const res = await uploadFile(owner.client, 'big.csv', justOver);
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'too_large' });
  });
});
