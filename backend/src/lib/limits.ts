import { config } from '../config';

/**
 * Every abuse limit: its numbers and what the user is told. The README's Security section lists
 * the same numbers; change both together.
 */

/**
 * Whose count a rate limit keeps: everyone behind one client address, one signed-in account, one
 * email address typed into a form (counted by the service that reads it), or the whole deployment.
 * Address and total allowances are multiplied by RATE_LIMIT_SCALE.
 */
export type RateLimitScope = 'address' | 'user' | 'email' | 'total';

export interface RateLimitRule {
  scope: RateLimitScope;
  /** Requests allowed in one window. */
  points: number;
  windowSeconds: number;
  /** The 429's message; `wait` reads like "in 12 minutes". */
  message: (wait: string) => string;
}

const HOUR = 3600;
const TEN_MINUTES = 600;

export const RATE_LIMITS = {
  signUpPerAddress: {
    scope: 'address',
    points: 10,
    windowSeconds: HOUR,
    message: (wait) => `Too many accounts were created from your network. Please try again ${wait}.`,
  },
  contactPerAddress: {
    scope: 'address',
    points: 5,
    windowSeconds: HOUR,
    message: (wait) => `You have sent us several messages already. Please try again ${wait}.`,
  },
  supportTicketPerUser: {
    scope: 'user',
    points: 10,
    windowSeconds: HOUR,
    message: (wait) =>
      `You have opened 10 support tickets in the last hour. Please add to an open ticket, or try again ${wait}.`,
  },
  supportTicketPerAddress: {
    scope: 'address',
    points: 30,
    windowSeconds: HOUR,
    message: (wait) => `Too many support tickets were opened from your network. Please try again ${wait}.`,
  },
  uploadPerUser: {
    scope: 'user',
    points: 30,
    windowSeconds: HOUR,
    message: (wait) => `You have uploaded 30 times in the last hour. Please try again ${wait}.`,
  },
  uploadPerAddress: {
    scope: 'address',
    points: 60,
    windowSeconds: HOUR,
    message: (wait) => `Too many uploads from your network. Please try again ${wait}.`,
  },
  scriptPerUser: {
    scope: 'user',
    points: 20,
    windowSeconds: TEN_MINUTES,
    message: (wait) => `You have generated 20 scripts in the last 10 minutes. Please try again ${wait}.`,
  },
  scriptPerAddress: {
    scope: 'address',
    points: 40,
    windowSeconds: TEN_MINUTES,
    message: (wait) => `Too many scripts were generated from your network. Please try again ${wait}.`,
  },
  scriptTotal: {
    scope: 'total',
    get points() {
      return config.scriptGenerationsPerHour;
    },
    windowSeconds: HOUR,
    message: (wait) => `Script writing is busy right now. Please try again ${wait}.`,
  },
  /** The playground: a model call per message, like a script, but a conversation sends many. */
  playgroundPerUser: {
    scope: 'user',
    points: 60,
    windowSeconds: TEN_MINUTES,
    message: (wait) =>
      `You have sent the agent 60 messages in the last 10 minutes. Please try again ${wait}.`,
  },
  playgroundPerAddress: {
    scope: 'address',
    points: 120,
    windowSeconds: TEN_MINUTES,
    message: (wait) => `Too many messages to the agent from your network. Please try again ${wait}.`,
  },
  playgroundTotal: {
    scope: 'total',
    points: 3000,
    windowSeconds: HOUR,
    message: (wait) => `Trying the agent is busy right now. Please try again ${wait}.`,
  },
  couponPerUser: {
    scope: 'user',
    points: 20,
    windowSeconds: TEN_MINUTES,
    message: (wait) => `Too many coupon attempts. Please try again ${wait}.`,
  },
  /** Test calls (DESIGN.md decision 9) ring the owner's own phones on our line: a few an hour. */
  testCallPerUserHour: {
    scope: 'user',
    points: 5,
    windowSeconds: HOUR,
    message: (wait) => `You have placed 5 test calls in the last hour. Please try again ${wait}.`,
  },
  testCallPerUserDay: {
    scope: 'user',
    points: 20,
    windowSeconds: 24 * HOUR,
    message: (wait) => `You have placed 20 test calls today. Please try again ${wait}.`,
  },
  /** Passwords checked from one address (for any emails), counted before the check; a success gives its point back. */
  signInPerAddress: {
    scope: 'address',
    points: 20,
    windowSeconds: 15 * 60,
    message: (wait) => `Too many failed sign-in attempts. Try again ${wait}.`,
  },
  /** Reset links asked for: each sends an email, so an address cannot flood anyone's inbox. */
  forgotPasswordPerAddress: {
    scope: 'address',
    points: 10,
    windowSeconds: HOUR,
    message: (wait) => `Too many password reset requests from your network. Please try again ${wait}.`,
  },
  /** Counted for every email typed, known or not, so the limit tells nothing about who has an account. */
  forgotPasswordPerEmail: {
    scope: 'email',
    points: 5,
    windowSeconds: HOUR,
    message: (wait) => `Too many password reset requests for this email. Please try again ${wait}.`,
  },
  /** New passwords set with a link: each is hashed, and a token is never guessed, so a few suffice. */
  resetPasswordPerAddress: {
    scope: 'address',
    points: 20,
    windowSeconds: HOUR,
    message: (wait) => `Too many password changes from your network. Please try again ${wait}.`,
  },
  /** An admin ringing numbers through the Twilio sandbox (POST /sandbox/twilio/inbound-calls). */
  sandboxRingPerUser: {
    scope: 'user',
    points: 30,
    windowSeconds: 60,
    message: (wait) => `You have rung 30 numbers in the last minute. Please try again ${wait}.`,
  },
  /** Send test event and Resend post to the owner's endpoint at once: a few a minute. */
  webhookSendPerUser: {
    scope: 'user',
    points: 30,
    windowSeconds: TEN_MINUTES,
    message: (wait) =>
      `You have sent 30 webhook events by hand in the last 10 minutes. Please try again ${wait}.`,
  },
  /** Connecting Cal.com (listing event types, saving): each asks Cal.com with the key typed. */
  calcomCheckPerUser: {
    scope: 'user',
    points: 30,
    windowSeconds: TEN_MINUTES,
    message: (wait) =>
      `You have checked Cal.com keys 30 times in the last 10 minutes. Please try again ${wait}.`,
  },
  /** The private calendar feeds: calendar apps refresh every few hours; an office shares one address. */
  calendarFeedPerAddress: {
    scope: 'address',
    points: 300,
    windowSeconds: HOUR,
    message: (wait) => `Too many calendar requests from your network. Please try again ${wait}.`,
  },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Sign-in throttling beyond the per-address limit. The (email, address) pair is limited hard; the
 * email alone, from addresses it has never signed in from, by a growing delay: an attacker spread
 * over many addresses gets a few guesses an hour, while the owner signs in from an address of theirs.
 */
export const SIGN_IN_THROTTLE = {
  /** Passwords checked for one email from one address; a success starts the count again. */
  pairAttempts: 5,
  pairWindowSeconds: 15 * 60,
  /** Failed passwords for one email, from addresses it never signed in from, before the delay starts. */
  freeFailures: 10,
  failureWindowSeconds: 24 * HOUR,
  /** The wait after the first failure past the free ones; it doubles with each further failure, up to the cap. */
  firstDelaySeconds: 30,
  maxDelaySeconds: 15 * 60,
  /** How long an address that signed in (or signed up) counts as the account's own. */
  knownAddressSeconds: 30 * 24 * HOUR,
  pairMessage: (wait: string) => `Too many failed sign-in attempts. Try again ${wait}.`,
  emailMessage: (wait: string) =>
    `Too many failed sign-in attempts for this account. Try again ${wait}, or sign in from a device you have used before.`,
} as const;

/** What one account may keep stored; uploads past it are refused. */
export const STORAGE_QUOTA = {
  bytes: 500 * 1024 * 1024,
  prospectLists: 100,
  bytesMessage: () =>
    'This upload would take your stored files past 500 MB, the most an account can keep. Delete prospect lists or documents you no longer need, then upload again.',
  listsMessage: () =>
    'You have 100 prospect lists, the most an account can keep. Delete a list you no longer need, then upload again.',
} as const;

/** "in 45 seconds", "in 1 minute", "in 12 minutes", "in 2 hours": how long until a limit lets go. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 2 * HOUR) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / HOUR), 'hour');
}
