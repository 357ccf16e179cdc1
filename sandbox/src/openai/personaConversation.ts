import { writeAgentBriefFacts, type AgentBrief } from '@ringcast/shared-types';
import { agentReply, type SandboxMessage } from './agentReplies';
import type { SandboxTool } from './transferReplies';
import { LEAVES_A_MESSAGE, offersToTakeAMessage, personaFor } from '../twilio/personas';

/** What a tool answers the sandbox model in a test conversation. */
export type ToolAnswer = (name: string, args: Record<string, unknown>) => object;

/**
 * A sandbox persona (by the called number's last digits) talking with the sandbox model, for
 * tests: each persona line is a user message, each tool call is answered by `answer`, until the
 * model calls end_call, a transfer goes through, or the lines run out. As on a call (relay/callee.ts),
 * the persona leaves a message once the model offers to take one, or from the start when the
 * session's `greeting` offers it. `tools` are the tools sent with each request. Answers the tools
 * called and what the model said.
 */
export function personaConversation(
  digits: string,
  brief: AgentBrief,
  answer: ToolAnswer = () => ({ ok: true }),
  options: { tools?: SandboxTool[]; greeting?: string } = {},
) {
  const persona = personaFor(`+1212555010${digits}`);
  if (persona.kind !== 'person') throw new Error('not a person');
  const messages: SandboxMessage[] = [{ role: 'system', content: writeAgentBriefFacts(brief) }];
  const tools: { name: string; args: Record<string, unknown>; answer: object }[] = [];
  const said: string[] = [];
  let conversation = persona.conversation;
  if (options.greeting) {
    messages.push({ role: 'assistant', content: options.greeting });
    if (offersToTakeAMessage(options.greeting)) conversation = LEAVES_A_MESSAGE;
  }
  const over = () =>
    tools.some(
      (t) => t.name === 'end_call' || (t.name === 'transfer_call' && 'ok' in t.answer && t.answer.ok),
    );
  for (let line = 0; line < conversation.lines.length && !over();) {
    messages.push({ role: 'user', content: conversation.lines[line++]! });
    for (let round = 0; round < 3; round++) {
      const reply = agentReply(messages, options.tools);
      if (reply.content) said.push(reply.content);
      messages.push({
        role: 'assistant',
        content: reply.content,
        tool_calls: reply.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
      });
      if (!reply.toolCalls.length) break;
      for (const call of reply.toolCalls) {
        const args = JSON.parse(call.arguments) as Record<string, unknown>;
        const answered = answer(call.name, args);
        tools.push({ name: call.name, args, answer: answered });
        messages.push({ role: 'tool', content: JSON.stringify(answered) });
      }
      // As our agent does: once the model asked to end the call, it is not asked again.
      if (over()) break;
    }
    if (conversation !== LEAVES_A_MESSAGE && offersToTakeAMessage(said.at(-1) ?? '')) {
      conversation = LEAVES_A_MESSAGE;
      line = 0;
    }
  }
  return { tools, said };
}
