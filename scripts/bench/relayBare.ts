// The relay bench's baseline (BARE_PORT): the least a relay can do, in a process of its own. It
// speaks the same frames over the same `ws` and the same OpenAI SDK streaming call to the same
// model, and forwards each piece at once, but it has no token check, database, transcript,
// logging or tools. What it adds to the model's time is what this machine's sockets, loopback and
// SDK cost right now; the api's overhead is read against it.
import http from 'node:http';
import OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.env.BARE_PORT);
const model = new OpenAI({ apiKey: 'bench', baseURL: process.env.MODEL_URL, maxRetries: 0 });

function session(ws: WebSocket) {
  const history: ChatCompletionMessageParam[] = [{ role: 'system', content: 'You are a helpful agent.' }];
  ws.on('message', (data) => {
    const frame = JSON.parse(String(data)) as { type: string; voicePrompt?: string; last?: boolean };
    if (frame.type !== 'prompt' || frame.last !== true) return;
    history.push({ role: 'user', content: frame.voicePrompt ?? '' });
    void (async () => {
      const stream = await model.chat.completions.create({
        model: 'bench-model',
        messages: history,
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content;
        if (!piece) continue;
        text += piece;
        ws.send(JSON.stringify({ type: 'text', token: piece, last: false }));
      }
      history.push({ role: 'assistant', content: text });
      ws.send(JSON.stringify({ type: 'text', token: '', last: true }));
    })().catch((err: unknown) => console.error(err));
  });
}

const server = http.createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server });
wss.on('connection', session);
server.listen(port, '127.0.0.1', () => console.log(`bare relay listening on ${port}`));
