import { readCallSummaryRequest, type CallOutcome } from '@ringcast/shared-types';

const ENDINGS: Record<CallOutcome, string> = {
  interested: 'The call ended with the person interested in hearing more.',
  appointment_booked: 'The call ended with an appointment booked.',
  call_back_later: 'The call ended with the person asking to be called back later.',
  not_interested: 'The call ended with the person saying they were not interested.',
  wrong_number: 'The call ended as a wrong number.',
  do_not_call:
    'The call ended with the person asking not to be called again, and their number was taken off the list.',
};

/** A person's words as a quote inside one sentence: no sentence ends in it, and it stays short. */
function quoted(text: string): string {
  const words = text
    .replace(/[.!?]+/g, ',')
    .replace(/,\s*$/, '')
    .split(/\s+/);
  const clipped = words.slice(0, 16).join(' ');
  return words.length > 16 ? `${clipped}...` : clipped;
}

/**
 * What the sandbox's model says when asked for a call's summary: two sentences from the transcript
 * and outcome it was sent (the words the person said first, then how the call ended).
 */
export function summaryReply(userMessage: string): string {
  const { direction, outcome, turns } = readCallSummaryRequest(userMessage);
  const said = turns.filter((turn) => turn.speaker === 'callee' && turn.text.trim());
  const who = direction === 'inbound' ? 'The caller' : 'The person called';
  const first = said.length
    ? `${who} said "${quoted(said[0]!.text)}" and spoke ${said.length} time${said.length === 1 ? '' : 's'} with the agent.`
    : `${who} said nothing after the agent's greeting.`;
  const second = outcome
    ? ENDINGS[outcome]
    : `The call ended after ${turns.length} turn${turns.length === 1 ? '' : 's'} without a recorded outcome.`;
  return `${first} ${second}`;
}
