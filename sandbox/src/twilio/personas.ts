import { SECOND } from './clock';

/**
 * Who answers a sandbox call, by the last digit of the number called (the last two for 17 and 29), so
 * every test and demo is deterministic (like Stripe's test cards). docs/sandboxes.md's persona
 * table lists the same. A person hears a recording (<Say>, <Gather>) as
 * `pressesAtGather`/`hangsUpAfterMs` say, and talks with the agent over ConversationRelay as their
 * `conversation` says (relay/callee.ts), leaving a message instead when the agent offers to take one.
 */
export type Persona =
  | { kind: 'busy' }
  | { kind: 'no-answer' }
  | { kind: 'failed' }
  | { kind: 'machine' }
  | {
      kind: 'person';
      pressesAtGather?: string;
      /** Hangs up on a recording this long after answering. */
      hangsUpAfterMs?: number;
      conversation: Conversation;
    };

/** What a person says to the agent, one line after each of the agent's turns, in order. */
export interface Conversation {
  /** Who they are, for logs and the docs. */
  role: string;
  lines: string[];
  /** Said when the agent talks on after the last line without ending the call; then they hang up. */
  closing: string;
  /** They talk over the first agent turn of more than this many words, once they have heard this many. */
  interruptsAfterWords?: number;
  /** The key they press when the agent offers one ("press 9 ..."), with DTMF detection on. */
  pressesWhenOffered?: string;
  /** Before the line of this index they fall silent this long (simulated ms) instead of a moment's thought. */
  pausesBefore?: { line: number; ms: number };
  /** Right after the final words of the line of this index they start their next one, not waiting for the agent. */
  talksOnAfter?: number;
}

const CONVERSATIONS = {
  removal: {
    role: 'asks to be removed from the list',
    lines: ['Who is this?', 'Please stop calling me. Take me off your list.'],
    closing: 'I asked you to stop calling me. Goodbye.',
    pressesWhenOffered: '9',
  },
  objector: {
    role: 'objects, then declines',
    lines: ["Sorry, I'm not interested.", "No thanks, I'm really not interested."],
    closing: "I said I'm not interested. Goodbye.",
  },
  booker: {
    role: 'is interested, asks for a time, picks one of the free slots offered and gives name and email',
    lines: [
      "I'm doing well, thanks. What is this about?",
      'That sounds good. Could we do tomorrow morning?',
      "The first one works. I'm Bella Booker, my email is bella.booker@example.com.",
    ],
    closing: 'Great, thanks. Bye now.',
  },
  personAsker: {
    role: 'asks about the documents and websites, then for a real person',
    lines: [
      'Hello. What exactly do you offer?',
      'Do you have a website where I can read more?',
      'How much does it cost?',
      'Thanks, that helps. Can I speak to a real person, please?',
    ],
    closing: 'Thanks, I have what I need. Goodbye.',
  },
  questioner: {
    role: 'asks about the documents and websites',
    lines: [
      'Hello. What exactly do you offer?',
      'Do you have a website where I can read more?',
      'How much does it cost?',
      "Thanks, that helps. I'm interested, but I'd like to read up on it first.",
    ],
    closing: 'Thanks, I have what I need. Goodbye.',
  },
  callBack: {
    role: 'asks to be called back tomorrow',
    lines: [
      // Facts a campaign's analysis fields can pick up (a provider, a number), saying nothing the agent acts on.
      'Yes, speaking. We are with Acme Broadband for our internet, about $80 a month.',
      "Sorry, I'm busy right now. Can you call me back tomorrow afternoon?",
    ],
    closing: 'I really have to go. Bye.',
  },
  interrupter: {
    role: 'talks over the agent mid-sentence, then carries on',
    lines: [
      'Yes, hello.',
      "Sorry to cut in, who did you say you're calling for?",
      "Okay, I'm interested, but let me think about it first.",
    ],
    closing: 'I need to go now. Goodbye.',
    interruptsAfterWords: 3,
  },
  hesitant: {
    role: 'falls silent a long while before answering once, and talks on right after a short answer once',
    lines: [
      'Yes, hello.',
      'Sorry, who is calling?',
      'I see.',
      'And what exactly do you offer?',
      "Okay, I'm interested, but let me think about it first.",
    ],
    closing: 'I need to go now. Goodbye.',
    pausesBefore: { line: 1, ms: 8 * SECOND },
    talksOnAfter: 2,
  },
} satisfies Record<string, Conversation>;

/**
 * What any person says once the agent offers to take a message (the greeting of a session after
 * a transfer nobody took, or the agent's apology that nobody is free), instead of their own lines.
 */
export const LEAVES_A_MESSAGE: Conversation = {
  role: 'leaves a message for a call back',
  lines: ['Yes, please ask someone to call me back tomorrow morning about the pricing.'],
  closing: 'Thank you. Goodbye.',
};

/** Whether the agent's words offer to take a message (TRANSFER_FALLBACK_GREETING says both). */
export const offersToTakeAMessage = (words: string) => /\bnobody is free\b|\btake a message\b/i.test(words);

export function personaFor(to: string): Persona {
  // 17: digit 7's questioner, who asks for a person after the questions.
  if (to.endsWith('17')) return { kind: 'person', conversation: CONVERSATIONS.personAsker };
  // 29: digit 9's kind of person, who pauses long once and talks on over the agent's reply once.
  if (to.endsWith('29')) return { kind: 'person', conversation: CONVERSATIONS.hesitant };
  switch (to.slice(-1)) {
    case '0':
      return { kind: 'busy' };
    case '1':
      return { kind: 'no-answer' };
    case '2':
      return { kind: 'machine' };
    case '3':
      return { kind: 'failed' };
    case '4':
      return { kind: 'person', pressesAtGather: '9', conversation: CONVERSATIONS.removal };
    case '5':
      return { kind: 'person', hangsUpAfterMs: 5 * SECOND, conversation: CONVERSATIONS.objector };
    case '6':
      return { kind: 'person', conversation: CONVERSATIONS.booker };
    case '7':
      return { kind: 'person', conversation: CONVERSATIONS.questioner };
    case '8':
      return { kind: 'person', conversation: CONVERSATIONS.callBack };
    default:
      // 9: listens to everything played and never hangs up on a recording first.
      return { kind: 'person', conversation: CONVERSATIONS.interrupter };
  }
}

/** The person at a transfer destination: hears the whisper, then talks with the callee (dialing.ts). */
const DESTINATION: Persona = {
  kind: 'person',
  conversation: {
    role: 'takes a transfer',
    lines: [],
    closing: 'Thanks, I have it from here. Goodbye.',
  },
};

/**
 * Who answers a `<Dial>` to a number, by its last digit: 1 never answers (the Dial's timeout runs
 * out), 3 is busy, any other digit answers, listens to the whisper and talks.
 */
export function destinationFor(number: string): Persona {
  if (number.endsWith('1')) return { kind: 'no-answer' };
  if (number.endsWith('3')) return { kind: 'busy' };
  return DESTINATION;
}

/** How the network and the callee take their time, in simulated ms. */
export const TIMING = {
  /** initiated -> ringing */
  ringsAfter: 1 * SECOND,
  /** ringing -> answered by a person or a machine */
  answeredAfter: 5 * SECOND,
  /** ringing -> busy signal */
  busyAfter: 2 * SECOND,
  /** ringing -> the network gives up on an invalid number */
  failsAfter: 1 * SECOND,
  /** answer -> AMD says `human` */
  humanDetectedAfter: 2 * SECOND,
  /** answer -> the machine's greeting ends with a beep (`machine_end_beep`) */
  beepAfter: 3 * SECOND,
  /** end of a <Gather>'s prompt -> the person presses their key */
  keyPressedAfter: 1 * SECOND,
  /** The agent stops speaking -> the person starts answering: a pause to think, between these. */
  thinksFor: { min: 0.5 * SECOND, max: 2 * SECOND },
  /** Silence after which a person on the line gives up and hangs up. */
  hangsUpAfterSilence: 30 * SECOND,
};

/** SIP response codes Twilio reports with a call's final status. */
export const SIP_RESPONSE = {
  completed: 200,
  busy: 486,
  'no-answer': 487,
  canceled: 487,
  failed: 404,
} as const;
