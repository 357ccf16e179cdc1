import { createHash } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import { array, boolean, mixed, object, string } from 'yup';
import { CALL_SUMMARY_INSTRUCTIONS, validateInput } from '@ringcast/shared-types';
import { composeScript, readCampaignBrief } from './scriptTemplates';
import { agentReply, type SandboxMessage } from './agentReplies';
import { streamCompletion } from './stream';
import { summaryReply } from './callSummaries';
import { analysisReply } from './analysisReplies';
import { useSandboxHost, type SandboxHost } from '../host';

type Content = string | { type: string; text?: string }[];

// An assistant message that only calls tools has no content, as with OpenAI.
const contentSchema = mixed<Content>()
  .nullable()
  .test(
    'content',
    'content must be a string or an array of content parts',
    (value) =>
      value === null ||
      value === undefined ||
      typeof value === 'string' ||
      (Array.isArray(value) && value.every((part) => part && typeof part.type === 'string')),
  )
  .when('role', {
    is: 'assistant',
    otherwise: (s) => s.required('content is required'),
  });

const toolCallSchema = object({
  id: string().required('tool_calls[].id is required'),
  type: string().oneOf(['function'], "tool_calls[].type must be 'function'").required(),
  function: object({
    name: string().required('tool_calls[].function.name is required'),
    arguments: string().defined('tool_calls[].function.arguments is required'),
  }).required(),
});

const chatCompletionSchema = object({
  model: string().required('you must provide a model parameter').max(200),
  messages: array(
    object({
      role: string()
        .required('role is required')
        .oneOf(
          ['system', 'developer', 'user', 'assistant', 'tool'],
          'role must be system, developer, user, assistant or tool',
        ),
      content: contentSchema,
      tool_calls: array(toolCallSchema).optional(),
      tool_call_id: string().when('role', {
        is: 'tool',
        then: (s) => s.required('tool_call_id is required for a tool message'),
      }),
    }),
  )
    .required('messages is required')
    .min(1, 'messages must contain at least one message'),
  stream: boolean().optional(),
  stream_options: object({ include_usage: boolean().optional() }).optional().default(undefined),
  // Structured outputs: the schema is read back for a call's analysis (analysisReplies.ts).
  response_format: object({
    type: string()
      .oneOf(
        ['text', 'json_object', 'json_schema'],
        "response_format.type must be 'text', 'json_object' or 'json_schema'",
      )
      .required('response_format.type is required'),
    json_schema: object({
      name: string().required('response_format.json_schema.name is required'),
      strict: boolean().optional(),
      schema: mixed().optional(),
    })
      .default(undefined)
      .when('type', {
        is: 'json_schema',
        then: (s) => s.required('response_format.json_schema is required'),
      }),
  })
    .optional()
    .default(undefined),
  tools: array(
    object({
      type: string().required(),
      // The parameters are read for transfer_call's destinations (its enum).
      function: object({ name: string().required(), parameters: mixed().optional() }).required(),
    }),
  ).optional(),
});

/** OpenAI's own error shape, so the SDK raises the same error classes it would in production. */
function openaiError(
  ctx: Context,
  status: number,
  message: string,
  type = 'invalid_request_error',
  param: string | null = null,
) {
  ctx.status = status;
  ctx.body = { error: { message, type, param, code: null } };
}

const textOf = (content: Content | null | undefined) =>
  typeof content === 'string' ? content : (content ?? []).map((part) => part.text ?? '').join('\n');

const roughTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A stand-in for OpenAI's chat completions API, mounted by the app only while no OPENAI_API_KEY
 * is set. The worker's OpenAI SDK talks to it exactly as it would to OpenAI; scripts come from
 * templates. Callers are our own processes, so it has no session; it is outside /api and its CSRF
 * check. The app parses the JSON body before it. `host` is what the api hands every sandbox.
 */
export function createOpenaiSandbox(host: SandboxHost) {
  useSandboxHost(host);
  const openaiSandboxRouter = new Router({ prefix: '/sandbox/openai/v1' });

  openaiSandboxRouter.post('/chat/completions', async (ctx) => {
    if (!/^Bearer \S+/.test(ctx.get('Authorization'))) {
      return openaiError(
        ctx,
        401,
        'You didn’t provide an API key. Send it as "Authorization: Bearer <key>".',
      );
    }
    // The app parses JSON bodies before the sandboxes it mounts (koa-body sets request.body).
    const { body } = ctx.request as { body?: unknown };
    const result = await validateInput(chatCompletionSchema, body ?? {});
    if (!result.ok)
      return openaiError(
        ctx,
        400,
        result.message,
        'invalid_request_error',
        Object.keys(result.fields)[0] ?? null,
      );

    const { model, messages } = result.value;
    const id = `chatcmpl-sandbox-${createHash('sha256').update(JSON.stringify(messages)).digest('hex').slice(0, 24)}`;
    const prompt = messages
      .filter((m) => m.role === 'user')
      .map((m) => textOf(m.content))
      .join('\n');
    if (result.value.stream) {
      // The voice agent calls with its tools: a reply from the campaign's scripts, maybe with tool calls.
      const reply = result.value.tools?.length
        ? agentReply(
            messages.map((m) => ({
              ...m,
              content: m.content == null ? null : textOf(m.content),
            })) as SandboxMessage[],
            result.value.tools,
          )
        : { content: composeScript(readCampaignBrief(prompt)), toolCalls: [] };
      const usage = result.value.stream_options?.include_usage
        ? { promptTokens: roughTokens(messages.map((m) => textOf(m.content)).join('\n')) }
        : undefined;
      return streamCompletion(ctx, id, model, reply, usage);
    }
    // A call's analysis asks for JSON in a schema; a summary has its own system message; anything
    // else is a script.
    const format = result.value.response_format;
    const asksForSummary = messages.some(
      (m) => m.role === 'system' && textOf(m.content) === CALL_SUMMARY_INSTRUCTIONS,
    );
    const { content, refusal } =
      format?.type === 'json_schema'
        ? analysisReply(format.json_schema?.schema, prompt, id)
        : {
            content: asksForSummary ? summaryReply(prompt) : composeScript(readCampaignBrief(prompt)),
            refusal: null,
          };
    const promptTokens = roughTokens(messages.map((m) => textOf(m.content)).join('\n'));
    const completionTokens = roughTokens(content ?? refusal ?? '');
    ctx.body = {
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
      system_fingerprint: 'fp_ringcast_sandbox',
    };
  });

  /** What the app mounts under /sandbox/openai. */
  return { router: openaiSandboxRouter };
}
