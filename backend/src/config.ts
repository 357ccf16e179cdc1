import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './configShape';
import {
  derivedSecret,
  flag,
  int,
  list,
  optionalUrl,
  positive,
  positiveNumber,
  services,
} from './configValues';

export { SERVICES, type CallSettings, type Config, type Service } from './configShape';

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
const PROVIDER_KEYS = [
  'STRIPE_SECRET_KEY',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'OPENAI_API_KEY',
  'SMTP_URL',
];

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
  const mail = mailSettings(env, isProduction, publicUrl);
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
    redisCluster: flag(env.REDIS_CLUSTER),
    redisPrefix: env.REDIS_PREFIX || 'ringcast',
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsPort: env.METRICS_PORT ? int(env.METRICS_PORT, 0, 'METRICS_PORT') : undefined,
    drainMs: int(env.DRAIN_SECONDS, 600, 'DRAIN_SECONDS') * 1000,
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
    jobLockMs: positive(env.JOB_LOCK_SECONDS, 30, 'JOB_LOCK_SECONDS') * 1000,
    workerShutdownDeadlineMs:
      positive(env.WORKER_SHUTDOWN_DEADLINE_SECONDS, 40, 'WORKER_SHUTDOWN_DEADLINE_SECONDS') * 1000,
    openaiApiKey,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    openaiBaseUrl: env.OPENAI_BASE_URL ? env.OPENAI_BASE_URL.replace(/\/$/, '') : undefined,
    demoVideoUrl: optionalUrl(env.DEMO_VIDEO_URL, 'DEMO_VIDEO_URL'),
    ...stripe,
    ...twilio,
    ...mail,
    calls: {
      cps: positive(env.TWILIO_CPS, 1, 'TWILIO_CPS'),
      maxConcurrent: positive(env.TWILIO_MAX_CONCURRENT_CALLS, 2, 'TWILIO_MAX_CONCURRENT_CALLS'),
      ringTimeoutSeconds: 25,
      timeLimitSeconds: positive(env.CALL_TIME_LIMIT_SECONDS, 600, 'CALL_TIME_LIMIT_SECONDS'),
      reconcileEveryMs: positive(env.RECONCILE_EVERY_SECONDS, 30, 'RECONCILE_EVERY_SECONDS') * 1000,
      halfPlacedAfterMs: positive(env.HALF_PLACED_AFTER_SECONDS, 60, 'HALF_PLACED_AFTER_SECONDS') * 1000,
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
    webhooks: webhookSettings(env, nodeEnv),
    calcom: {
      apiUrl: (optionalUrl(env.CALCOM_API_URL, 'CALCOM_API_URL') ?? 'https://api.cal.com').replace(/\/$/, ''),
      sandbox: !isProduction || allowSandbox,
      // A booking is made while the callee waits on the line: a few seconds, then the agent moves on.
      timeoutMs: 4_000,
    },
    allowSandbox,
    sandboxes: {
      openai: !openaiApiKey,
      stripe: !stripe.stripeSecretKey,
      twilio: !twilio.twilioAccountSid,
      mail: !mail.smtpUrl,
    },
  };
}

/** Production takes real money and places real calls: a missing provider key is a mistake, not a demo. */
function refuseSandboxes(env: NodeJS.ProcessEnv): void {
  const missing = PROVIDER_KEYS.filter((name) => !env[name]);
  if (missing.length === 0) return;
  throw new Error(
    `${missing.join(', ')} must be set when NODE_ENV=production, or that provider runs on its sandbox ` +
      '(free payments, simulated calls, mail caught locally). Set ALLOW_SANDBOX=true to run a demo on the sandboxes on purpose.',
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

/**
 * Email: SMTP_URL sends through a real server; unset, the api's mail sandbox catches every message
 * on MAIL_SANDBOX_PORT. A real server in production needs MAIL_FROM, or mail would leave from an
 * address the domain's SPF and DMARC refuse.
 */
function mailSettings(env: NodeJS.ProcessEnv, isProduction: boolean, publicUrl: string) {
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\/[^/]/.test(smtpUrl))
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL (smtps://user:password@host:465)');
  if (smtpUrl && isProduction && !env.MAIL_FROM)
    throw new Error('MAIL_FROM must be set when SMTP_URL is set and NODE_ENV=production');
  return {
    smtpUrl,
    mailFrom: env.MAIL_FROM || `Ringcast <no-reply@${new URL(publicUrl).hostname}>`,
    mailSandboxPort: int(env.MAIL_SANDBOX_PORT, 2525, 'MAIL_SANDBOX_PORT'),
  };
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
  const derived = (purpose: string) => derivedSecret(sessionSecret, `twilio-sandbox:${purpose}`).slice(0, 32);
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

/**
 * Customer webhooks: local receivers (private addresses, plain http) only where allowed, which is
 * never in production; retries double from WEBHOOK_RETRY_BASE_SECONDS for WEBHOOK_RETRY_HOURS.
 */
function webhookSettings(env: NodeJS.ProcessEnv, nodeEnv: string) {
  const allowPrivate = env.WEBHOOK_ALLOW_PRIVATE ? flag(env.WEBHOOK_ALLOW_PRIVATE) : nodeEnv !== 'production';
  if (allowPrivate && nodeEnv === 'production')
    throw new Error(
      'WEBHOOK_ALLOW_PRIVATE=true is refused when NODE_ENV=production: it opens our network to requests',
    );
  return {
    allowPrivate,
    timeoutMs: 10_000,
    retryBaseMs: positiveNumber(env.WEBHOOK_RETRY_BASE_SECONDS, 60, 'WEBHOOK_RETRY_BASE_SECONDS') * 1000,
    retryForMs: positiveNumber(env.WEBHOOK_RETRY_HOURS, 72, 'WEBHOOK_RETRY_HOURS') * 3_600_000,
  };
}

export const config: Config = loadConfig();
