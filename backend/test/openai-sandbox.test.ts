import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { AGENT_TOOL_DEFINITIONS, writeAgentBriefFacts } from '@ringcast/shared-types';
import { sandboxOpenAI } from './helpers/openai';
import { useTestApi } from './helpers/server';

/** The OpenAI sandbox's stream through the real SDK, as the voice agent reads it. */
const api = useTestApi();

const SYSTEM = writeAgentBriefFacts({
  direction: 'outbound',
  businessName: 'Corner Bakery',
  callbackNumber: null,
  agentName: 'Sam',
  tones: null,
  campaignType: 'Lead generation',
  goal: null,
  audience: null,
  scripts: { questions: 'Do you order bread for your cafe?' },
  documents: [],
  websites: [],
});

describe('the OpenAI sandbox stream', () => {
  it('ends with a usage chunk without choices when stream_options.include_usage asks for it', async () => {
    const client = sandboxOpenAI(api.baseUrl);
    const stream = client.chat.completions.stream({
      model: 'gpt-4o-mini',
      stream: true,
      stream_options: { include_usage: true },
      tools: AGENT_TOOL_DEFINITIONS as unknown as ChatCompletionTool[],
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: "Sorry, I'm busy right now. Can you call me back tomorrow?" },
      ],
    });
    const chunks = [];
    for await (const chunk of stream) chunks.push(chunk);
    const usage = chunks.at(-1)!;
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toMatchObject({
      prompt_tokens: expect.any(Number),
      completion_tokens: expect.any(Number),
      total_tokens: usage.usage!.prompt_tokens + usage.usage!.completion_tokens,
    });
    expect(chunks.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'record_outcome', arguments: expect.stringContaining('"call_back_later"') },
    });

    // Without it, no usage chunk: the last chunk is the finish.
    const plain = client.chat.completions.stream({
      model: 'gpt-4o-mini',
      stream: true,
      tools: AGENT_TOOL_DEFINITIONS as unknown as ChatCompletionTool[],
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: 'Yes, speaking.' },
      ],
    });
    const plainChunks = [];
    for await (const chunk of plain) plainChunks.push(chunk);
    expect(plainChunks.at(-1)!.choices[0]!.finish_reason).toBe('stop');
    // The first words after "Yes, speaking." say why the agent calls, then the script goes on.
    expect((await plain.finalChatCompletion()).choices[0]!.message.content).toBe(
      "I'm calling about lead generation. Do you order bread for your cafe?",
    );
  });
});
