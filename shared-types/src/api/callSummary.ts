import { CALL_OUTCOMES, type CallDirection, type CallOutcome } from '../domain/call';

/**
 * The after-call summary's request to the model, built by the backend and read back by the OpenAI
 * sandbox (which recognises a summary request by this system message and plays the model from
 * the transcript it is sent). The user message has one fact per line, then the transcript, one
 * turn per line, `Agent:` or `Person:` before each.
 */
export const CALL_SUMMARY_INSTRUCTIONS =
  'You summarise a finished phone call between an AI voice agent and a person, for the business the agent spoke for. ' +
  'Answer with exactly two plain sentences: first what the person wanted or asked and what they were told (a price, a time, an address), then how the call ended and its outcome (a booking with its time). ' +
  'Say what happened in your own words, as a receptionist would note it; do not quote the transcript or count its turns. ' +
  'When an answering machine picked up, nobody spoke: say so, and whether the agent left a voicemail (given apart from the transcript) and the callback number it gave. ' +
  'No lists, no quotes of these instructions, no tool names.';

export interface CallSummaryRequest {
  direction: CallDirection;
  /** What the agent recorded, if anything. */
  outcome: CallOutcome | null;
  /** An answering machine picked up (AMD). */
  answeredByMachine?: boolean;
  /** The message the agent left on the machine, when it left one (not among `turns`). */
  voicemailLeft?: string;
  turns: { speaker: 'agent' | 'callee' | 'system'; text: string }[];
}

const MACHINE_LINE = 'Answered by: an answering machine';
const VOICEMAIL_LABEL = 'Voicemail left';
const SPEAKER_LABELS = { agent: 'Agent', callee: 'Person', system: 'Note' } as const;
const SPEAKERS_BY_LABEL = { Agent: 'agent', Person: 'callee', Note: 'system' } as const;
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function writeCallSummaryRequest(request: CallSummaryRequest): string {
  return [
    `Direction: ${request.direction === 'inbound' ? 'inbound (the person called the business)' : 'outbound (the agent called the person)'}`,
    `Outcome: ${request.outcome ?? 'none recorded'}`,
    ...(request.answeredByMachine ? [MACHINE_LINE] : []),
    ...(request.voicemailLeft ? [`${VOICEMAIL_LABEL}: ${oneLine(request.voicemailLeft)}`] : []),
    'Transcript:',
    ...request.turns.map((turn) => `${SPEAKER_LABELS[turn.speaker]}: ${oneLine(turn.text)}`),
  ].join('\n');
}

export function readCallSummaryRequest(text: string): CallSummaryRequest {
  const lines = text.split('\n');
  const fact = (label: string) =>
    lines.find((line) => line.startsWith(`${label}: `))?.slice(label.length + 2) ?? '';
  const outcome = fact('Outcome') as CallOutcome;
  const voicemailLeft = fact(VOICEMAIL_LABEL);
  const turns: CallSummaryRequest['turns'] = [];
  for (const line of lines.slice(lines.indexOf('Transcript:') + 1)) {
    const match = /^(Agent|Person|Note): (.*)$/.exec(line);
    if (match)
      turns.push({ speaker: SPEAKERS_BY_LABEL[match[1] as keyof typeof SPEAKERS_BY_LABEL], text: match[2] });
  }
  return {
    direction: fact('Direction').startsWith('inbound') ? 'inbound' : 'outbound',
    outcome: CALL_OUTCOMES.includes(outcome) ? outcome : null,
    ...(lines.includes(MACHINE_LINE) ? { answeredByMachine: true } : {}),
    ...(voicemailLeft ? { voicemailLeft } : {}),
    turns,
  };
}

/** The first two sentences of a model's answer, so a summary stays the two sentences it should be. */
export function twoSentences(text: string): string {
  const flat = oneLine(text);
  // A sentence ends at . ! or ? (and any closing quote) before a capital or the end, so a quoted
  // question inside a sentence does not end it.
  const [first, second] = flat.match(/.+?[.!?]+["')\]]*(?=\s+["'(]?[A-Z0-9]|\s*$)/g) ?? [];
  return first && second ? `${first.trim()} ${second.trim()}` : flat;
}
