import { writeAgentBriefFacts, type AgentBrief } from '@ringcast/shared-types';
import { agentReply, type SandboxMessage } from './agentReplies';
import { personaFor } from '../twilio/personas';

/** What a tool answers the sandbox model in a test conversation. */
export type ToolAnswer = (name: string, args: Record<string, unknown>) => object;

/**
 * A sandbox persona (by the called number's last digit) talking with the sandbox model, for tests:
 * each persona line is a user message, each tool call is answered by `answer`, until the model
 * calls end_call or the lines run out. Answers the tools called and what the model said.
 */
export function personaConversation(
  digit: string,
  brief: AgentBrief,
  answer: ToolAnswer = () => ({ ok: true }),
) {
  const persona = personaFor(`+1212555010${digit}`);
  if (persona.kind !== 'person') throw new Error('not a person');
  const messages: SandboxMessage[] = [{ role: 'system', content: writeAgentBriefFacts(brief) }];
  const tools: { name: string; args: Record<string, unknown> }[] = [];
  const said: string[] = [];
  for (const line of persona.conversation.lines) {
    messages.push({ role: 'user', content: line });
    for (let round = 0; round < 3; round++) {
      const reply = agentReply(messages);
      if (reply.content) said.push(reply.content);
      messages.push({
        role: 'assistant',
        content: reply.content,
        tool_calls: reply.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })),
      });
      if (!reply.toolCalls.length) break;
      for (const call of reply.toolCalls) {
        const args = JSON.parse(call.arguments) as Record<string, unknown>;
        tools.push({ name: call.name, args });
        messages.push({ role: 'tool', content: JSON.stringify(answer(call.name, args)) });
      }
      // As our agent does: once the model asked to end the call, it is not asked again.
      if (reply.toolCalls.some((c) => c.name === 'end_call')) break;
    }
    if (tools.some((t) => t.name === 'end_call')) break;
  }
  return { tools, said };
}
