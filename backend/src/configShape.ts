/** The shape of the validated configuration (config.ts builds it). */

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
  /**
   * One Redis URL, or with redisCluster a comma-separated list of cluster nodes (any of them: the
   * client learns the rest from the cluster).
   */
  redisUrl: string;
  /** Redis is a Redis Cluster: keys used together share a hash tag, pushes use sharded pub/sub. */
  redisCluster: boolean;
  /** Namespaces every Redis key, queue and pub/sub channel, so several deployments (or test runs) share one Redis. */
  redisPrefix: string;
  /** The bearer token `/metrics` asks for; unset, the api serves no metrics. */
  metricsToken: string | undefined;
  /** The port a worker serves its Prometheus metrics on; unset, it serves none. */
  metricsPort: number | undefined;
  /** How long a stopping api lets its live relay sessions finish their calls before it exits. */
  drainMs: number;
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
  /** Past its grace for jobs in flight, a stopping worker ends regardless (WORKER_SHUTDOWN_DEADLINE_SECONDS). */
  workerShutdownDeadlineMs: number;
  /**
   * A job's lock (BullMQ's lockDuration, renewed at half of it) and the check for jobs whose worker
   * died (stalledInterval), in ms (JOB_LOCK_SECONDS): a killed worker's jobs run again within twice this.
   */
  jobLockMs: number;
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
  /** SMTP_URL (smtp:// or smtps://, credentials in it): unset, mail goes to the api's mail sandbox. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the From of every message ("Ringcast <no-reply@example.com>"). */
  mailFrom: string;
  /**
   * MAIL_SANDBOX_PORT: without SMTP_URL the api runs the mail sandbox's SMTP server on this port,
   * and the worker sends to it on SANDBOX_URL's host (0: any free port, for tests).
   */
  mailSandboxPort: number;
  /** ALLOW_SANDBOX: production may run a provider on its sandbox (a demo), and every page says so. */
  /** Customer webhooks: see WebhookSettings. */
  webhooks: WebhookSettings;
  /**
   * Cal.com: CALCOM_API_URL (https://api.cal.com unless set); whether the api serves the Cal.com
   * sandbox (always, but in production only with ALLOW_SANDBOX); how long one request may take.
   */
  calcom: { apiUrl: string; sandbox: boolean; timeoutMs: number };
  allowSandbox: boolean;
  /**
   * The providers that have no keys: the api serves a local emulator of each under
   * /sandbox/<provider> and the SDK is pointed at it (mail's: an SMTP server on MAIL_SANDBOX_PORT).
   */
  sandboxes: { openai: boolean; stripe: boolean; twilio: boolean; mail: boolean };
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
  /** The reconciler's schedule: how often it runs, in ms (RECONCILE_EVERY_SECONDS). */
  reconcileEveryMs: number;
  /**
   * A `dialing` call without a CallSid this old (ms) was left by a process that died mid-dial
   * (HALF_PLACED_AFTER_SECONDS).
   */
  halfPlacedAfterMs: number;
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

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE: endpoints on private or local addresses (and plain http) are allowed; never in production. */
  allowPrivate: boolean;
  /** How long a receiver has to answer, in ms. */
  timeoutMs: number;
  /** The first retry's delay in ms (WEBHOOK_RETRY_BASE_SECONDS); each next one doubles, up to 12 hours. */
  retryBaseMs: number;
  /** How long after an event its retries go on, in ms (WEBHOOK_RETRY_HOURS); then the endpoint is turned off. */
  retryForMs: number;
}
