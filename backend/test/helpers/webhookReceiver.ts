import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A customer's receiver on a local port: answers each request with the next status of `statuses`
 * (the last one from then on) and keeps what it received.
 */
export async function startWebhookReceiver(statuses: number[] = [200]) {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)]!;
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(`answer ${received.length}: ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The verification snippet exactly as docs/webhooks.md shows it, as a function. */
export function documentedVerifier(): (rawBody: string, header: string, secret: string) => boolean {
  const doc = readFileSync(path.join(repoRoot, 'docs/webhooks.md'), 'utf8');
  const block = /<!-- verify-snippet:start -->\s*```js\n([\s\S]*?)```\s*<!-- verify-snippet:end -->/.exec(
    doc,
  );
  if (!block) throw new Error('docs/webhooks.md has no verify snippet');
  // The snippet is CommonJS, as a reader pastes it into their server.
  const load = new Function('require', `${block[1]}\nreturn verifyRingcastSignature;`);
  return load(createRequire(import.meta.url)) as (rawBody: string, header: string, secret: string) => boolean;
}
