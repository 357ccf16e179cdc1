import http from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import { afterEach, describe, expect, it } from 'vitest';
import { sendToApp, type PlayerHost } from './deliveries';

const ACCOUNT = `AC${'a'.repeat(32)}`;
const TOKEN = 'b'.repeat(32);

interface Heard {
  url: string;
  token: string | undefined;
  signatureValid: boolean;
}

/**
 * Our app for the sandbox: answers the n-th request with `answers[n]` (the last one from then on):
 * a status, or `slow` (answers 204 after 1 s). Keeps what reached it and whether it was signed
 * over the URL it was requested at.
 */
async function startApp(answers: (number | 'slow')[]) {
  const heard: Heard[] = [];
  let baseUrl = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      heard.push({
        url: req.url ?? '',
        token: req.headers['i-twilio-idempotency-token'] as string | undefined,
        signatureValid: twilio.validateRequest(
          TOKEN,
          req.headers['x-twilio-signature'] as string,
          `${baseUrl}${req.url}`,
          params,
        ),
      });
      const answer = answers[Math.min(heard.length - 1, answers.length - 1)]!;
      if (answer === 'slow') setTimeout(() => res.writeHead(204).end(), 1_000);
      else res.writeHead(answer).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { baseUrl, heard, host: hostFor(baseUrl) };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

const hostFor = (publicUrl: string): PlayerHost => ({
  accountToken: async (sid) => (sid === ACCOUNT ? TOKEN : null),
  publicUrl: () => publicUrl,
  platformAccountSid: ACCOUNT,
});

const deliver = (url: string, host: PlayerHost) =>
  sendToApp(
    {
      accountSid: ACCOUNT,
      url,
      method: 'POST',
      params: { CallStatus: 'completed' },
      idempotencyToken: 'step-1',
    },
    host,
  );

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("the Twilio sandbox's webhook requests and their connection overrides", () => {
  it('tries a 5xx again with rp=5xx, with the same token, never sending the fragment and signing without it', async () => {
    const app = await startApp([503, 204]);
    const answer = await deliver(`${app.baseUrl}/calls/1/status?x=1#rc=3&rp=ct,5xx`, app.host);
    expect(answer.status).toBe(204);
    expect(app.heard).toEqual([
      { url: '/calls/1/status?x=1', token: 'step-1', signatureValid: true },
      { url: '/calls/1/status?x=1', token: 'step-1', signatureValid: true },
    ]);
  });

  it("keeps Twilio's default without a fragment: an answer, however bad, is not tried again", async () => {
    const app = await startApp([503, 204]);
    expect((await deliver(`${app.baseUrl}/calls/1/status`, app.host)).status).toBe(503);
    expect(app.heard).toHaveLength(1);
    // A 4xx is not tried again under rp=5xx either.
    const refusing = await startApp([403, 204]);
    expect((await deliver(`${refusing.baseUrl}/s#rc=3&rp=5xx`, refusing.host)).status).toBe(403);
    expect(refusing.heard).toHaveLength(1);
  });

  it('gives up after rc retries, answering the last try', async () => {
    const app = await startApp([500]);
    expect((await deliver(`${app.baseUrl}/s#rc=2&rp=5xx`, app.host)).status).toBe(500);
    expect(app.heard).toHaveLength(3);
  });

  it('tries once more by default when no connection could be made, and not with rc=0', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    await expect(deliver(`${baseUrl}/s#rc=0`, hostFor(baseUrl))).rejects.toThrow(/ECONNREFUSED/);
    // The first try is refused before the app listens (a timer cannot run before it); the retry,
    // 100 ms later, reaches it.
    const heard: string[] = [];
    const app = http.createServer((req, res) => {
      heard.push(req.url ?? '');
      res.writeHead(204).end();
    });
    servers.push(app);
    const delivered = deliver(`${baseUrl}/s`, hostFor(baseUrl));
    setTimeout(() => app.listen(port, '127.0.0.1'), 20);
    expect((await delivered).status).toBe(204);
    expect(heard).toEqual(['/s']);
  });

  it('tries a read timeout again only when rp has rt, within rt', async () => {
    const app = await startApp(['slow', 204]);
    expect((await deliver(`${app.baseUrl}/s#rc=1&rp=rt&rt=200`, app.host)).status).toBe(204);
    expect(app.heard).toHaveLength(2);
    const other = await startApp(['slow', 204]);
    await expect(deliver(`${other.baseUrl}/s#rc=1&rp=5xx&rt=200`, other.host)).rejects.toThrow(/200 ms/);
    expect(other.heard).toHaveLength(1);
  });

  it('keeps every try within tt', async () => {
    const app = await startApp(['slow']);
    const started = Date.now();
    await expect(deliver(`${app.baseUrl}/s#rc=5&rp=rt&rt=300&tt=700`, app.host)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(app.heard.length).toBeGreaterThanOrEqual(2);
    expect(app.heard.length).toBeLessThanOrEqual(3);
  });

  it('requests nothing when the fragment is not one Twilio takes', async () => {
    const app = await startApp([204]);
    for (const fragment of ['rc=9', 'rp=sometimes', 'ct=50', 'retries=2']) {
      await expect(deliver(`${app.baseUrl}/s#${fragment}`, app.host)).rejects.toThrow(/connection override/);
    }
    expect(app.heard).toEqual([]);
  });
});
