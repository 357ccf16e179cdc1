import type { AgentBookingFacts, AgentBrief, OfferedSlot } from '@ringcast/shared-types';
import type { SandboxReply } from './stream';
import type { SandboxMessage } from './agentReplies';

/**
 * How the sandbox model books on a booking campaign (the brief carries its booking facts): a day
 * the callee names is read against today on their clock and asked of check_availability; the
 * free times it answers are offered; the one picked is read back with the name and email and
 * booked; the closing names the booked time. A time just taken is met with the fresh options.
 */

const say = (content: string | null, ...toolCalls: SandboxReply['toolCalls']): SandboxReply => ({
  content,
  toolCalls,
});
const call = (name: string, args: object = {}) => ({ name, arguments: JSON.stringify(args) });

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MS = 86_400_000;

/** A day `count` days after a YYYY-MM-DD day (calendar arithmetic: no zone involved). */
function plusDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The day or range the callee's words name, on their clock; null when they name none. */
export function askedDays(words: string, today: string): { from: string; to?: string } | null {
  const text = words.toLowerCase();
  if (/\btoday\b|\bthis (morning|afternoon|evening)\b/.test(text)) return { from: today };
  if (/\btomorrow\b/.test(text)) return { from: plusDays(today, 1) };
  if (/\bnext week\b/.test(text)) {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const monday = plusDays(today, (8 - weekday) % 7 || 7);
    return { from: monday, to: plusDays(monday, 4) };
  }
  const named = WEEKDAYS.findIndex((day) => new RegExp(`\\b${day}\\b`).test(text));
  if (named >= 0) {
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    return { from: plusDays(today, (named - weekday + 7) % 7 || 7) };
  }
  return null;
}

const partOfDayIn = (words: string) =>
  /\bmorning\b/i.test(words)
    ? 'morning'
    : /\bafternoon\b/i.test(words)
      ? 'afternoon'
      : /\bevening\b/i.test(words)
        ? 'evening'
        : undefined;

interface ToolAnswer {
  ok?: boolean;
  error?: string;
  detail?: string;
  slots?: OfferedSlot[];
  spoken?: string;
}

const answerOf = (message: SandboxMessage | undefined): ToolAnswer => {
  try {
    return JSON.parse(message?.content || '{}') as ToolAnswer;
  } catch {
    return {};
  }
};

/** The latest times offered (by check_availability or a booking's fresh options), if still open. */
function openOffer(messages: SandboxMessage[]): OfferedSlot[] | null {
  for (const message of [...messages].reverse()) {
    if (message.role !== 'tool') continue;
    const answer = answerOf(message);
    if (answer.ok && answer.spoken) return null;
    if (answer.slots?.length) return answer.slots;
  }
  return null;
}

const listed = (slots: OfferedSlot[]) =>
  slots.length === 1
    ? slots[0]!.spoken
    : `${slots
        .slice(0, -1)
        .map((s) => s.spoken)
        .join(', ')} or ${slots.at(-1)!.spoken}`;

/** "bella dot booker at example dot com": an address read back as it is said. */
const spokenEmail = (email: string) => email.replace(/\./g, ' dot ').replace('@', ' at ');

const ORDINALS: [RegExp, (count: number) => number][] = [
  [/\b(first|earliest|1st)\b/i, () => 0],
  [/\b(second|2nd|middle)\b/i, () => 1],
  [/\b(third|3rd)\b/i, () => 2],
  [/\b(last|latest)\b/i, (count) => count - 1],
];

/** Which offered slot the callee chose; null when they did not pick one. */
function pickedSlot(words: string, slots: OfferedSlot[]): OfferedSlot | null {
  for (const [pattern, index] of ORDINALS) if (pattern.test(words)) return slots[index(slots.length)] ?? null;
  const clock = /\b(\d{1,2})(?::(\d\d))?\s*(am|pm)?\b/i.exec(words);
  if (clock) {
    const wanted = `${Number(clock[1])}:${clock[2] ?? '00'}`;
    const found = slots.find((s) => s.spoken.includes(` at ${wanted} `));
    if (found) return found;
  }
  return /\b(works|fine|great|perfect|sounds good|yes)\b/i.test(words) ? slots[0]! : null;
}

const NAME = /\b(?:I'm|I am|my name is|this is|it's)\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;

/** The name and email the callee gave on this call, the latest of each. */
function attendeeOf(messages: SandboxMessage[]) {
  let name: string | undefined;
  let email: string | undefined;
  for (const message of messages) {
    if (message.role !== 'user') continue;
    name = NAME.exec(message.content ?? '')?.[1] ?? name;
    email = EMAIL.exec(message.content ?? '')?.[0]?.replace(/\.$/, '') ?? email;
  }
  return { name, email };
}

/** The model's turn after the callee spoke, on a booking campaign; null when booking is not the matter. */
export function bookingReplyTo(
  booking: AgentBookingFacts,
  brief: AgentBrief,
  messages: SandboxMessage[],
  words: string,
): SandboxReply | null {
  if (/call (me )?back|busy right now|bad time|not interested|no thanks|wrong number/i.test(words))
    return null;
  const offer = openOffer(messages);
  if (offer) {
    const slot = pickedSlot(words, offer);
    if (slot) {
      const { name, email } = attendeeOf(messages);
      if (!name || (booking.needsEmail && !email))
        return say(
          booking.needsEmail
            ? 'Lovely. May I have your name and email address for the booking?'
            : 'Lovely. May I have your name for the booking?',
        );
      const readBack = email ? ` I have your email as ${spokenEmail(email)}.` : '';
      return say(
        `Thank you, ${name}.${readBack} I'm booking ${slot.spoken} for you now.`,
        call('book_appointment', { startsAt: slot.startsAt, name, ...(email ? { email } : {}) }),
      );
    }
  }
  const days = askedDays(words, booking.today);
  const wantsToBook = /\b(book|appointment|schedule|could we do|can we do|how about|available|free)\b/i.test(
    words,
  );
  if (!days && !wantsToBook) return null;
  const range = days ?? { from: booking.today, to: plusDays(booking.today, 6) };
  const partOfDay = partOfDayIn(words);
  return say(null, call('check_availability', { ...range, ...(partOfDay ? { partOfDay } : {}) }));
}

/** The model's turn once a booking tool answered (the answer is the last message). */
export function afterBookingTool(
  brief: AgentBrief,
  tool: string,
  answerMessage: SandboxMessage | undefined,
): SandboxReply {
  const answer = answerOf(answerMessage);
  const callBack = (sorry: string) =>
    say(sorry, call('record_outcome', { outcome: 'call_back_later', time: tomorrowAtTen() }));
  if (answer.error && /cannot be reached/.test(answer.error))
    return callBack("I'm sorry, I can't reach our calendar right now.");
  if (tool === 'book_appointment' && answer.ok && answer.spoken)
    return say(
      `You're all set for ${answer.spoken} with ${brief.businessName}. Thank you, goodbye!`,
      call('end_call', { reason: 'appointment booked' }),
    );
  if (answer.slots?.length) {
    const opening =
      tool === 'check_availability'
        ? answer.detail?.startsWith('nothing is free')
          ? "I'm sorry, nothing is free then. The nearest times I have are"
          : 'I have'
        : `I'm sorry, ${answer.error ?? 'that time is not available'}. I can offer`;
    return say(`${opening} ${listed(answer.slots)}. Which would suit you?`);
  }
  if (answer.error && /email/.test(answer.error))
    return say('May I have your email address for the booking?');
  return callBack("I'm sorry, I don't have a free time to offer you.");
}

/** Tomorrow at 10:00 UTC: the time the sandbox's callers agree to be called back. */
export function tomorrowAtTen(): string {
  const day = new Date(Date.now() + DAY_MS);
  return `${day.toISOString().slice(0, 10)}T10:00:00Z`;
}
