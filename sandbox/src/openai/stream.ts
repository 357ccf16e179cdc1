import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { sandboxHost } from '../host';

/** A reply the sandbox model gives: what it says and the tools it calls. */
export interface SandboxReply {
  content: string | null;
  toolCalls: { name: string; arguments: string }[];
}

/** A model's own pace, so the speech streams like the real thing: first token, then each piece. */
const FIRST_TOKEN_MS = 250;
const PIECE_MS = 15;

const pause = (ms: number) =>
  new Promise((resolve) => setTimeout(resolve, ms / Math.max(sandboxHost().timeScale(), 1)));

/** Pieces the size a model streams: a word with the space after it. */
const piecesOf = (text: string) => text.match(/\S+\s*/g) ?? [];

/** Arguments arrive in a few pieces, as OpenAI sends them. */
const argumentPieces = (json: string) => json.match(/.{1,12}/gs) ?? [''];

/**
 * Streams a reply in OpenAI's chat completions format exactly (telephony.md §9): the role first,
 * then content pieces, then each tool call's id, type, name and empty arguments, then its argument
 * pieces, then the finish reason and `data: [DONE]`; the SDK's finalChatCompletion() accepts it.
 * It stops at once when the client goes away.
 */
export function streamCompletion(
  ctx: Context,
  id: string,
  model: string,
  reply: SandboxReply,
  /** With `stream_options.include_usage`: a last chunk with no choices carries the usage, as OpenAI sends it. */
  usage?: { promptTokens: number },
): void {
  const body = new PassThrough();
  ctx.status = 200;
  ctx.type = 'text/event-stream';
  ctx.set('Cache-Control', 'no-cache');
  ctx.body = body;
  let gone = false;
  ctx.req.on('close', () => (gone = true));
  ctx.res.on('close', () => (gone = true));

  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: object, finishReason: string | null = null) =>
    `data: ${JSON.stringify({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      system_fingerprint: 'fp_ringcast_sandbox',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    })}\n\n`;
  const write = (text: string) => !gone && body.write(text);

  void (async () => {
    await pause(FIRST_TOKEN_MS);
    write(chunk({ role: 'assistant', content: reply.content === null ? null : '' }));
    for (const piece of piecesOf(reply.content ?? '')) {
      if (gone) break;
      write(chunk({ content: piece }));
      await pause(PIECE_MS);
    }
    reply.toolCalls.forEach((call, index) => {
      const callId = `call_${id.slice(-8)}${index}`;
      write(
        chunk({
          tool_calls: [{ index, id: callId, type: 'function', function: { name: call.name, arguments: '' } }],
        }),
      );
      for (const piece of argumentPieces(call.arguments))
        write(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    });
    write(chunk({}, reply.toolCalls.length ? 'tool_calls' : 'stop'));
    if (usage) {
      const completionTokens = Math.ceil(
        ((reply.content ?? '') + reply.toolCalls.map((c) => c.name + c.arguments).join('')).length / 4,
      );
      const totals = {
        prompt_tokens: usage.promptTokens,
        completion_tokens: completionTokens,
        total_tokens: usage.promptTokens + completionTokens,
      };
      write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'fp_ringcast_sandbox', choices: [], usage: totals })}\n\n`,
      );
    }
    write('data: [DONE]\n\n');
    body.end();
  })().catch(() => body.destroy());
}
