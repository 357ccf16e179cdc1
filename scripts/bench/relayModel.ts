// The relay bench's model: an OpenAI-compatible chat completions server in a process of its own
// (MODEL_PORT), streaming in OpenAI's format at a known pace. For every request it records its own
// time to first token: from the request reaching it to its first content chunk being written. The
// request is named by the tag the bench's caller put in its last words ("[turn 12.3]"), so the
// bench subtracts exactly this request's model time from the turn it timed. GET /stats answers them.
import http from 'node:http';

const port = Number(process.env.MODEL_PORT);
const firstTokenMs = Number(process.env.MODEL_FIRST_TOKEN_MS ?? 250);
const pieceMs = Number(process.env.MODEL_PIECE_MS ?? 15);
const TAG = /\[turn ([a-z]\d+\.\d+)\]/;

const REPLY =
  'That makes sense. Our clinic has morning and afternoon openings this week, and a check-up takes ' +
  'only thirty minutes. Would Thursday morning work for you?';
const pieces = REPLY.match(/\S+\s*/g)!;

/** Tag -> this model's time to its first content chunk, in ms. */
const firstTokenByTurn: Record<string, number> = {};
let untagged = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function lastUserWords(body: string): string {
  const { messages } = JSON.parse(body) as { messages: { role: string; content: unknown }[] };
  const last = messages.filter((m) => m.role === 'user').at(-1);
  return typeof last?.content === 'string' ? last.content : '';
}

async function stream(res: http.ServerResponse, arrivedAt: number, tag: string | undefined, model: string) {
  const id = `chatcmpl-bench-${tag ?? 'untagged'}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finishReason: string | null = null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    })}\n\n`;
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  await sleep(firstTokenMs);
  res.write(chunk({ role: 'assistant', content: '' }));
  for (const [i, piece] of pieces.entries()) {
    if (res.destroyed) return;
    res.write(chunk({ content: piece }));
    if (i === 0) {
      if (tag) firstTokenByTurn[tag] = performance.now() - arrivedAt;
      else untagged++;
    }
    await sleep(pieceMs);
  }
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
}

const server = http.createServer((req, res) => {
  const arrivedAt = performance.now();
  if (req.method === 'GET' && req.url === '/stats') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    return res.end(JSON.stringify({ firstTokenByTurn, untagged }));
  }
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404).end();
    return;
  }
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (piece: string) => (body += piece));
  req.on('end', () => {
    let model = 'bench-model';
    let tag: string | undefined;
    try {
      model = (JSON.parse(body) as { model?: string }).model ?? model;
      tag = TAG.exec(lastUserWords(body))?.[1];
    } catch {
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'bad JSON', type: 'invalid_request_error', code: null } }));
      return;
    }
    stream(res, arrivedAt, tag, model).catch(() => res.destroy());
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => console.log(`model listening on ${port}`));
