import { createHmac } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every environment variable the api and the worker read, validated once. No other file reads
 * process.env (tests build their own config through loadConfig).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const DEV_SESSION_SECRET = 'ringcast-development-session-secret';
const DEV_ENCRYPTION_KEY = 'ringcast-development-encryption-key';

/**
 * Without these a provider runs on its sandbox: payments are free, calls and scripts simulated.
 * Production refuses to start without every one of them unless ALLOW_SANDBOX=true says so.
 */
const PROVIDER_KEYS = ['STRIPE_SECRET_KEY', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'OPENAI_API_KEY'];

/** What the server process runs (SERVICES): the api (HTTP and Socket.IO), the call relay, or both. */
export const SERVICES = ['api', 'relay'] as const;
export type Service = (typeof SERVICES)[number];

export interface Config {
  env: string;
  isProduction: boolean;
  /**
   * Production behind https (PUBLIC_URL): the session cookie is `__Host-`, Secure, and documents
   * carry HSTS. A production build on plain http (the local Docker stack) keeps a plain cookie, or
   * no browser could sign in.
   */
  httpsOnly: boolean;
  port: number;
  services: Record<Service, boolean>;
  publicUrl: string;
  /** Where our processes reach the api's provider sandboxes (/sandbox/*); PUBLIC_URL unless set. */
  sandboxUrl: string;
  databaseUrl: string;
  /**
   * Database connections each process opens at most. A transaction waiting for a row lock holds
   * one, so a busy dialer's relay ends and agent actions, waiting behind call-event batches, must
   * leave enough for the reads Twilio waits on (the TwiML of an answered call).
   */
  databasePoolMax: number;
  redisUrl: string;
  /** Namespaces every Redis key, queue and pub/sub channel, so several deployments (or test runs) share one Redis. */
  redisPrefix: string;
  adminEmailDomain: string;
  uploadDir: string;
  frontendDist: string;
  sessionSecret: string;
  /** Signs the per-call tokens of the relay WebSocket's URL; derived from SESSION_SECRET. */
  relayTokenKey: string;
  /** Encrypts new secrets at rest (users' Twilio tokens). */
  encryptionKey: string;
  /** Earlier keys (ENCRYPTION_KEYS_OLD), still accepted for reading until `npm run rotate-keys` has run. */
  encryptionKeysOld: string[];
  trustProxy: boolean;
  /**
   * Multiplies the allowance of every rate limit keyed by address or counted in total
   * (RATE_LIMIT_SCALE). Test runs raise it: all their users come from 127.0.0.1.
   */
  rateLimitScale: number;
  /** Scripts the whole deployment may have written per hour (each is a paid model call). */
  scriptGenerationsPerHour: number;
  /** Numbers one customer's do-not-call list may hold (DO_NOT_CALL_MAX_NUMBERS); uploads and additions past it are refused. */
  doNotCallMaxNumbers: number;
  logLevel: string;
  workerConcurrency: number;
  /** Unset: scripts are written by the local OpenAI sandbox the api serves. */
  openaiApiKey: string | undefined;
  openaiModel: string;
  /**
   * Where the OpenAI SDK sends requests. Unset: OpenAI itself with a key, the api's sandbox
   * (PUBLIC_URL/sandbox/openai/v1) without one.
   */
  openaiBaseUrl: string | undefined;
  /** Unset: payments go to the local Stripe sandbox the api serves under /sandbox/stripe. */
  stripeSecretKey: string | undefined;
  /** Stripe.js loads with this in the browser; unset (ignored) in sandbox mode. */
  stripePublishableKey: string | undefined;
  /** The product demo video the FAQ links to; unset, the FAQ shows no video link. */
  demoVideoUrl: string | undefined;
  /**
   * Verifies `Stripe-Signature` on /webhooks/stripe. In sandbox mode the sandbox's own secret it
   * signs with; with a real key and no secret every webhook is refused.
   */
  stripeWebhookSecret: string | undefined;
  /** Unset: calls and numbers go to the local Twilio sandbox the api serves under /sandbox/twilio. */
  twilioAccountSid: string | undefined;
  twilioAuthToken: string | undefined;
  /**
   * The platform account in sandbox mode, derived from SESSION_SECRET so each deployment has its
   * own and every api and worker process agrees on it. Server-side only, like any auth token.
   */
  twilioSandboxAccount: { accountSid: string; authToken: string };
  /** The Twilio sandbox plays calls this many times faster than real time (wall time only). */
  sandboxTimeScale: number;
  /**
   * DIALER_CLOCK_START: with the Twilio sandbox only, the dialer's clock starts at this instant
   * and runs on from there, so calling windows can be shown (and tested) at any hour.
   */
  dialerClockStart: Date | undefined;
  /** The dialer: pacing per Twilio account and what a call is allowed. */
  calls: CallSettings;
  /**
   * The Stripe sandbox's keys, derived from SESSION_SECRET so each deployment has its own and every
   * api and worker process agrees on them. The secret key and the webhook secret never leave the
   * server; the publishable key is what the checkout page confirms with, as with Stripe.
   */
  stripeSandbox: { secretKey: string; publishableKey: string; webhookSecret: string };
  /** ALLOW_SANDBOX: production may run a provider on its sandbox (a demo), and every page says so. */
  allowSandbox: boolean;
  /**
   * The providers that have no keys: the api serves a local emulator of each under
   * /sandbox/<provider> and the SDK is pointed at it.
   */
  sandboxes: { openai: boolean; stripe: boolean; twilio: boolean };
}

export interface CallSettings {
  /** New calls per second per Twilio account (Twilio's default for an account is 1). */
  cps: number;
  /** Calls in flight per Twilio account (2 for an account without an approved business profile). */
  maxConcurrent: number;
  /** Seconds a call may ring before it counts as not answered. */
  ringTimeoutSeconds: number;
  /** The longest a call may last, in seconds. */
  timeLimitSeconds: number;
  /** Twilio <Say> voices for the agent's female and male voice. */
  voices: { female: string; male: string };
  /** The agent on the line (ConversationRelay): its text-to-speech provider and named voices. */
  relay: {
    ttsProvider: string;
    voices: { female: string; male: string };
    silenceSeconds: number;
    /**
     * After the first piece of a reply, the pieces that follow within this many ms go out as one
     * `text` frame (RELAY_SPEECH_GATHER_MS; 0: only those of one event-loop turn).
     */
    speechGatherMs: number;
  };
}

/** An optional absolute http(s) address, refused at start when it is anything else. */
function optionalUrl(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  return url.toString();
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

const flag = (value: string | undefined) => value === 'true' || value === '1';

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/** A per-deployment value for `purpose`, from SESSION_SECRET: the same in every process, unguessable without it. */
const derivedSecret = (sessionSecret: string, purpose: string) =>
  createHmac('sha256', sessionSecret).update(purpose).digest('hex');

function services(value: string | undefined): Record<Service, boolean> {
  const listed = (value || SERVICES.join(','))
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  const unknown = listed.filter((s) => !(SERVICES as readonly string[]).includes(s));
  if (!listed.length || unknown.length)
    throw new Error(`SERVICES must list ${SERVICES.join(' and/or ')} (comma-separated), got "${value}"`);
  return { api: listed.includes('api'), relay: listed.includes('relay') };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  const port = int(env.PORT, 3000, 'PORT');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const sessionSecret = env.SESSION_SECRET || DEV_SESSION_SECRET;
  const encryptionKey = env.ENCRYPTION_KEY || DEV_ENCRYPTION_KEY;
  if (isProduction) {
    if (sessionSecret === DEV_SESSION_SECRET)
      throw new Error('SESSION_SECRET must be set when NODE_ENV=production');
    if (encryptionKey === DEV_ENCRYPTION_KEY)
      throw new Error('ENCRYPTION_KEY must be set when NODE_ENV=production');
  }
  const allowSandbox = flag(env.ALLOW_SANDBOX);
  if (isProduction && !allowSandbox) refuseSandboxes(env);
  const stripe = stripeSettings(env, isProduction, sessionSecret);
  const openaiApiKey = env.OPENAI_API_KEY || undefined;
  const twilio = twilioSettings(env, sessionSecret);
  return {
    env: nodeEnv,
    isProduction,
    httpsOnly: isProduction && publicUrl.startsWith('https://'),
    port,
    services: services(env.SERVICES),
    publicUrl,
    sandboxUrl: (env.SANDBOX_URL || publicUrl).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/ringcast',
    databasePoolMax: positive(env.DB_POOL_MAX, 30, 'DB_POOL_MAX'),
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX || 'ringcast',
    adminEmailDomain: (env.ADMIN_EMAIL_DOMAIN || 'ringcast.test').toLowerCase(),
    uploadDir: path.resolve(repoRoot, env.UPLOAD_DIR || 'uploads'),
    frontendDist: path.resolve(repoRoot, env.FRONTEND_DIST || 'frontend/dist'),
    sessionSecret,
    relayTokenKey: derivedSecret(sessionSecret, 'relay-token'),
    encryptionKey,
    encryptionKeysOld: list(env.ENCRYPTION_KEYS_OLD).filter((key) => key !== encryptionKey),
    trustProxy: flag(env.TRUST_PROXY),
    rateLimitScale: positiveNumber(env.RATE_LIMIT_SCALE, 1, 'RATE_LIMIT_SCALE'),
    scriptGenerationsPerHour: positive(env.SCRIPT_GENERATIONS_PER_HOUR, 300, 'SCRIPT_GENERATIONS_PER_HOUR'),
    doNotCallMaxNumbers: positive(env.DO_NOT_CALL_MAX_NUMBERS, 1_000_000, 'DO_NOT_CALL_MAX_NUMBERS'),
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    workerConcurrency: int(env.WORKER_CONCURRENCY, 5, 'WORKER_CONCURRENCY'),
    openaiApiKey,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    openaiBaseUrl: env.OPENAI_BASE_URL ? env.OPENAI_BASE_URL.replace(/\/$/, '') : undefined,
    demoVideoUrl: optionalUrl(env.DEMO_VIDEO_URL, 'DEMO_VIDEO_URL'),
    ...stripe,
    ...twilio,
    calls: {
      cps: positive(env.TWILIO_CPS, 1, 'TWILIO_CPS'),
      maxConcurrent: positive(env.TWILIO_MAX_CONCURRENT_CALLS, 2, 'TWILIO_MAX_CONCURRENT_CALLS'),
      ringTimeoutSeconds: 25,
      timeLimitSeconds: positive(env.CALL_TIME_LIMIT_SECONDS, 600, 'CALL_TIME_LIMIT_SECONDS'),
      voices: {
        female: env.TWILIO_VOICE_FEMALE || 'Polly.Joanna',
        male: env.TWILIO_VOICE_MALE || 'Polly.Matthew',
      },
      relay: {
        ttsProvider: env.RELAY_TTS_PROVIDER || 'Google',
        voices: {
          female: env.RELAY_VOICE_FEMALE || 'en-US-Journey-O',
          male: env.RELAY_VOICE_MALE || 'en-US-Journey-D',
        },
        silenceSeconds: positive(env.AGENT_SILENCE_SECONDS, 10, 'AGENT_SILENCE_SECONDS'),
        speechGatherMs: int(env.RELAY_SPEECH_GATHER_MS, 40, 'RELAY_SPEECH_GATHER_MS'),
      },
    },
    allowSandbox,
    sandboxes: { openai: !openaiApiKey, stripe: !stripe.stripeSecretKey, twilio: !twilio.twilioAccountSid },
  };
}

function positive(value: string | undefined, fallback: number, name: string): number {
  const n = int(value, fallback, name);
  if (n < 1) throw new Error(`${name} must be at least 1, got "${value}"`);
  return n;
}

/** Production takes real money and places real calls: a missing provider key is a mistake, not a demo. */
function refuseSandboxes(env: NodeJS.ProcessEnv): void {
  const missing = PROVIDER_KEYS.filter((name) => !env[name]);
  if (missing.length === 0) return;
  throw new Error(
    `${missing.join(', ')} must be set when NODE_ENV=production, or that provider runs on its sandbox ` +
      '(free payments, simulated calls). Set ALLOW_SANDBOX=true to run a demo on the sandboxes on purpose.',
  );
}

/**
 * Stripe keys: none means the sandbox, with its own per-deployment keys. A real secret key in
 * production needs its webhook secret and publishable key, or payments would be taken and never
 * activated by webhook, or never be taken at all.
 */
function stripeSettings(env: NodeJS.ProcessEnv, isProduction: boolean, sessionSecret: string) {
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  const stripePublishableKey = env.STRIPE_PUBLISHABLE_KEY || undefined;
  const derived = (purpose: string) => derivedSecret(sessionSecret, `stripe-sandbox:${purpose}`).slice(0, 32);
  const stripeSandbox = {
    secretKey: `sk_sandbox_${derived('secret-key')}`,
    publishableKey: `pk_sandbox_${derived('publishable-key')}`,
    webhookSecret: `whsec_sandbox_${derived('webhook-secret')}`,
  };
  if (!stripeSecretKey) {
    return {
      stripeSecretKey,
      stripePublishableKey: undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || stripeSandbox.webhookSecret,
      stripeSandbox,
    };
  }
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (isProduction && !stripeWebhookSecret) {
    throw new Error(
      'STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is set and NODE_ENV=production',
    );
  }
  if (isProduction && !stripePublishableKey) {
    throw new Error(
      'STRIPE_PUBLISHABLE_KEY must be set when STRIPE_SECRET_KEY is set and NODE_ENV=production',
    );
  }
  if (stripeWebhookSecret === stripeSandbox.webhookSecret) {
    throw new Error(
      "STRIPE_WEBHOOK_SECRET is the Stripe sandbox's secret; use the secret of your Stripe webhook endpoint",
    );
  }
  return { stripeSecretKey, stripePublishableKey, stripeWebhookSecret, stripeSandbox };
}

const ACCOUNT_SID = /^AC[0-9a-f]{32}$/;

/**
 * Twilio credentials: none means the sandbox, for the platform account and customers' own
 * accounts alike. A SID needs its token, and both must look like Twilio's.
 */
function twilioSettings(env: NodeJS.ProcessEnv, sessionSecret: string) {
  const twilioAccountSid = env.TWILIO_ACCOUNT_SID || undefined;
  const twilioAuthToken = env.TWILIO_AUTH_TOKEN || undefined;
  if (twilioAccountSid && !ACCOUNT_SID.test(twilioAccountSid)) {
    throw new Error('TWILIO_ACCOUNT_SID must be "AC" followed by 32 lowercase hex digits');
  }
  if (twilioAccountSid && !twilioAuthToken) {
    throw new Error('TWILIO_AUTH_TOKEN must be set when TWILIO_ACCOUNT_SID is set');
  }
  const derived = (purpose: string) =>
    createHmac('sha256', sessionSecret).update(`twilio-sandbox:${purpose}`).digest('hex').slice(0, 32);
  return {
    twilioAccountSid,
    twilioAuthToken: twilioAccountSid ? twilioAuthToken : undefined,
    twilioSandboxAccount: { accountSid: `AC${derived('account-sid')}`, authToken: derived('auth-token') },
    sandboxTimeScale: positiveNumber(env.SANDBOX_TIME_SCALE, 1, 'SANDBOX_TIME_SCALE'),
    dialerClockStart: dialerClockStart(env.DIALER_CLOCK_START, Boolean(twilioAccountSid)),
  };
}

/** Real calls follow the real clock: a shifted one would ring people at night. */
function dialerClockStart(value: string | undefined, realTwilio: boolean): Date | undefined {
  if (!value) return undefined;
  if (realTwilio)
    throw new Error('DIALER_CLOCK_START works only with the Twilio sandbox (no TWILIO_ACCOUNT_SID)');
  const at = new Date(value);
  if (Number.isNaN(at.getTime()))
    throw new Error(`DIALER_CLOCK_START must be an ISO date and time, got "${value}"`);
  return at;
}

function positiveNumber(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

export const config: Config = loadConfig();
