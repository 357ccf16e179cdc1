import { TRANSFER_FALLBACK_GREETING, type AgentBrief } from '@ringcast/shared-types';
import type { SandboxReply } from './stream';
import type { SandboxMessage } from './agentReplies';
import { callBackAt } from './callBackTime';
// The words the callee hears as an offer to take a message are the ones the model says it with.
import { offersToTakeAMessage } from '../twilio/personas';

/**
 * How the sandbox model hands a caller to a person when it was given transfer_call: a caller who
 * asks for a person (a real or live person, a human, someone, a manager, sales...) hears "Of
 * course, I'm connecting you now." and is transferred to the destination they named, else the
 * first the tool offers. When nobody can take them (transfer_call said no, or a message session
 * after a transfer nobody took), the model apologises, takes the message, reads it back and
 * records call_back_later at the time they asked for, with the message as the note.
 */

const say = (content: string | null, ...toolCalls: SandboxReply['toolCalls']): SandboxReply => ({
  content,
  toolCalls,
});
const call = (name: string, args: object = {}) => ({ name, arguments: JSON.stringify(args) });

/** A tool as the request sends it (OpenAI's function calling), as far as the sandbox reads it. */
export interface SandboxTool {
  type: string;
  function: { name: string; parameters?: unknown };
}

/** transfer_call's destinations (its `destination` enum), in the order given; none without the tool. */
export function transferLabelsOf(tools: SandboxTool[] | undefined): string[] {
  const transfer = tools?.find((tool) => tool.function.name === 'transfer_call');
  const parameters = transfer?.function.parameters as
    { properties?: { destination?: { enum?: unknown } } } | undefined;
  const labels = parameters?.properties?.destination?.enum;
  return Array.isArray(labels) ? labels.filter((label): label is string => typeof label === 'string') : [];
}

const ASKS_FOR_A_PERSON = [
  /\b(real|live|actual) (person|human|agent)\b/,
  /\bhuman\b/,
  /\b(speak|talk)\s+(to|with)\s+(someone|somebody|a person|anyone|a manager|your manager|the manager|sales|support)\b/,
  /\b(transfer|connect|put) me (through|to)\b/,
  /\bmanager\b/,
];

/** Whether the caller asks to be put through to a person. */
export const asksForAPerson = (words: string) => ASKS_FOR_A_PERSON.some((p) => p.test(words.toLowerCase()));

/** The destination the caller named ("Sales", "billing"), else the first one offered. */
const destinationNamed = (labels: string[], words: string) =>
  labels.find((label) => new RegExp(`\\b${label.replace(/[^\w\s]/g, '.')}\\b`, 'i').test(words)) ??
  labels[0]!;

/** The caller's latest question before this turn: what the person taking over should know. */
const lastQuestion = (messages: SandboxMessage[]) =>
  messages
    .slice(0, -1)
    .filter((m) => m.role === 'user' && m.content?.includes('?'))
    .at(-1)?.content;

/** The model's turn when the caller asks for a person and it may transfer; null otherwise. */
export function transferReplyTo(
  labels: string[],
  messages: SandboxMessage[],
  words: string,
): SandboxReply | null {
  if (!labels.length || !asksForAPerson(words)) return null;
  const destination = destinationNamed(labels, words);
  const question = lastQuestion(messages);
  const reason = question ? `asked for a person after asking: ${question}` : 'asked to speak to a person';
  return say("Of course, I'm connecting you now.", call('transfer_call', { destination, reason }));
}

/**
 * The model's turn after transfer_call answered: once it transfers, nothing more to say (the
 * session ends); otherwise (outside hours, an unknown destination, already transferred) it says
 * nobody is free and offers to take a message.
 */
export function afterTransferTool(answerMessage: SandboxMessage | undefined): SandboxReply {
  let answer: { ok?: boolean } = {};
  try {
    answer = JSON.parse(answerMessage?.content || '{}') as { ok?: boolean };
  } catch {
    // An unreadable answer is no transfer.
  }
  return answer.ok ? say(null) : say(TRANSFER_FALLBACK_GREETING);
}

/** The message as the caller said it, without the "Yes, please" in front. */
const messageOf = (words: string) =>
  words
    .trim()
    .replace(/^(yes|yeah|sure|okay|ok|well)\b[,.!]?\s*/i, '')
    .replace(/[.!\s]+$/, '');

/** The message read back to the caller: "call me back" is "call you back". */
const readBack = (message: string) =>
  message
    .replace(/\bI'm\b/g, "you're")
    .replace(/\bI\b/g, 'you')
    .replace(/\bme\b/gi, 'you')
    .replace(/\bmy\b/gi, 'your')
    .replace(/^please\s+/i, '');

/**
 * The model's turn when its last words offered to take a message: what the caller said is the
 * message. Null when no message was offered.
 */
export function messageReplyTo(
  brief: AgentBrief,
  messages: SandboxMessage[],
  words: string,
): SandboxReply | null {
  const lastSaid = messages
    .slice(0, -1)
    .reverse()
    .find((m) => m.role === 'assistant' && m.content);
  if (!lastSaid || !offersToTakeAMessage(lastSaid.content!)) return null;
  const message = messageOf(words);
  const time = callBackAt(words, brief.booking?.timeZone ?? 'UTC');
  return say(
    `Thank you. I'll pass on your message: ${readBack(message)}.`,
    call('record_outcome', { outcome: 'call_back_later', time, note: message.slice(0, 500) }),
  );
}
