/**
 * What the voice agent is told about the call it is on, as one text (the system message of its
 * model). Built in one place by the backend's agent from the campaign and the customer's profile;
 * read back by the OpenAI sandbox, which plays the model from these facts. Each fact sits on a
 * line of its own, `Label: value`, and each script and document under a `### ` heading.
 */
export const AGENT_SCRIPT_FIELDS = [
  'answering',
  'questions',
  'afterAnswers',
  'rebuttals',
  'notInterested',
  'voicemail',
  'other',
] as const;
export type AgentScriptField = (typeof AGENT_SCRIPT_FIELDS)[number];

export interface AgentBrief {
  direction: 'outbound' | 'inbound';
  businessName: string;
  callbackNumber: string | null;
  agentName: string;
  /** e.g. "friendly, professional". */
  tones: string | null;
  campaignType: string;
  goal: string | null;
  audience: string | null;
  scripts: Partial<Record<AgentScriptField, string>>;
  documents: { name: string; text: string }[];
  websites: string[];
  /** Booking campaigns: the agent checks availability and books (absent otherwise). */
  booking?: AgentBookingFacts;
  /** The campaign records its calls: the welcome greeting says so (RECORDING_ANNOUNCEMENT). */
  recorded?: boolean;
  /** A call the dialer places to keep a promise: "They asked on Dec 6 to be called back; this is that call." */
  promisedCallback?: string | null;
}

/** What a booking campaign's agent is told of time and the calendar. */
export interface AgentBookingFacts {
  /** The prospect's IANA zone: dates the agent asks about and times it speaks are on this clock. */
  timeZone: string;
  /** Now on the prospect's clock, as said: "Monday, December 7 at 9:05 AM". */
  localNow: string;
  /** Today on the prospect's clock, YYYY-MM-DD. */
  today: string;
  /** The calendar needs the callee's email (the agent asks for it and reads it back). */
  needsEmail: boolean;
}

const FACT_LABELS = {
  direction: 'Call direction',
  businessName: 'Business',
  callbackNumber: 'Callback number',
  agentName: 'Agent name',
  tones: 'Tone',
  campaignType: 'Campaign type',
  goal: 'Goal',
  audience: 'Audience',
  websites: 'Websites',
  bookingZone: 'Callee time zone',
  bookingNow: 'Callee local time now',
  bookingToday: 'Callee date today',
  bookingEmail: 'Booking needs email',
  promisedCallback: 'Promised call back',
} as const;

const SCRIPT_HEADINGS: Record<AgentScriptField, string> = {
  answering: 'Opening script',
  questions: 'Questions to ask',
  afterAnswers: 'After the answers',
  rebuttals: 'Answers to objections',
  notInterested: 'If they are not interested',
  voicemail: 'Voicemail message',
  other: 'Other instructions',
};
const DOCUMENT_HEADING = 'Document: ';
const FACTS_HEADING = '## Call facts';

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The facts section of the instructions: the part the sandbox reads back. */
export function writeAgentBriefFacts(brief: AgentBrief): string {
  const facts: [string, string | null][] = [
    [FACT_LABELS.direction, brief.direction],
    [FACT_LABELS.businessName, brief.businessName],
    [FACT_LABELS.callbackNumber, brief.callbackNumber],
    [FACT_LABELS.agentName, brief.agentName],
    [FACT_LABELS.tones, brief.tones],
    [FACT_LABELS.campaignType, brief.campaignType],
    [FACT_LABELS.goal, brief.goal],
    [FACT_LABELS.audience, brief.audience],
    [FACT_LABELS.websites, brief.websites.length ? brief.websites.join(' ') : null],
    [FACT_LABELS.bookingZone, brief.booking?.timeZone ?? null],
    [FACT_LABELS.bookingNow, brief.booking?.localNow ?? null],
    [FACT_LABELS.bookingToday, brief.booking?.today ?? null],
    [FACT_LABELS.bookingEmail, brief.booking ? (brief.booking.needsEmail ? 'yes' : 'no') : null],
    [FACT_LABELS.promisedCallback, brief.promisedCallback ?? null],
  ];
  const lines = [FACTS_HEADING];
  for (const [label, value] of facts) if (value) lines.push(`${label}: ${oneLine(value)}`);
  for (const field of AGENT_SCRIPT_FIELDS) {
    const text = brief.scripts[field]?.trim();
    if (text) lines.push('', `### ${SCRIPT_HEADINGS[field]}`, text);
  }
  for (const document of brief.documents) {
    if (document.text.trim())
      lines.push('', `### ${DOCUMENT_HEADING}${oneLine(document.name)}`, document.text.trim());
  }
  return lines.join('\n');
}

/** Reads the facts back from instructions that hold them (null when they do not). */
export function readAgentBriefFacts(instructions: string): AgentBrief | null {
  const start = instructions.indexOf(FACTS_HEADING);
  if (start < 0) return null;
  const body = instructions.slice(start + FACTS_HEADING.length);
  const [factsPart, ...sections] = body.split(/\n### /);
  const fact = (label: string) => {
    const match = factsPart.match(new RegExp(`^${label}: (.*)$`, 'm'));
    return match ? match[1].trim() : null;
  };
  const scripts: Partial<Record<AgentScriptField, string>> = {};
  const documents: { name: string; text: string }[] = [];
  for (const section of sections) {
    const [heading, ...rest] = section.split('\n');
    const text = rest.join('\n').trim();
    if (heading.startsWith(DOCUMENT_HEADING)) {
      documents.push({ name: heading.slice(DOCUMENT_HEADING.length).trim(), text });
      continue;
    }
    const field = AGENT_SCRIPT_FIELDS.find((f) => SCRIPT_HEADINGS[f] === heading.trim());
    if (field) scripts[field] = text;
  }
  const bookingZone = fact(FACT_LABELS.bookingZone);
  return {
    ...(bookingZone
      ? {
          booking: {
            timeZone: bookingZone,
            localNow: fact(FACT_LABELS.bookingNow) ?? '',
            today: fact(FACT_LABELS.bookingToday) ?? '',
            needsEmail: fact(FACT_LABELS.bookingEmail) === 'yes',
          },
        }
      : {}),
    ...(fact(FACT_LABELS.promisedCallback) ? { promisedCallback: fact(FACT_LABELS.promisedCallback) } : {}),
    direction: fact(FACT_LABELS.direction) === 'inbound' ? 'inbound' : 'outbound',
    businessName: fact(FACT_LABELS.businessName) ?? '',
    callbackNumber: fact(FACT_LABELS.callbackNumber),
    agentName: fact(FACT_LABELS.agentName) ?? '',
    tones: fact(FACT_LABELS.tones),
    campaignType: fact(FACT_LABELS.campaignType) ?? '',
    goal: fact(FACT_LABELS.goal),
    audience: fact(FACT_LABELS.audience),
    scripts,
    documents,
    websites: (fact(FACT_LABELS.websites) ?? '').split(' ').filter(Boolean),
  };
}
