import { SECOND } from './clock';

/**
 * Who answers a sandbox call, by the last digit of the number called, so every test and demo is
 * deterministic (like Stripe's test cards). The README's "Twilio sandbox" table lists the same.
 */
export type Persona =
  | { kind: 'busy' }
  | { kind: 'no-answer' }
  | { kind: 'failed' }
  | { kind: 'machine' }
  | { kind: 'person'; pressesAtGather?: string; hangsUpAfterMs?: number };

export function personaFor(to: string): Persona {
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
      return { kind: 'person', pressesAtGather: '9' };
    case '5':
      return { kind: 'person', hangsUpAfterMs: 5 * SECOND };
    default:
      // 6-9: listens to everything played and never hangs up first.
      return { kind: 'person' };
  }
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
};

/** SIP response codes Twilio reports with a call's final status. */
export const SIP_RESPONSE = {
  completed: 200,
  busy: 486,
  'no-answer': 487,
  canceled: 487,
  failed: 404,
} as const;
