import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every environment variable the api and the worker read, validated once. No other file reads
 * process.env (tests build their own config through loadConfig).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const DEV_SESSION_SECRET = 'ringcast-development-session-secret';
const DEV_ENCRYPTION_KEY = 'ringcast-development-encryption-key';
/** Signs and verifies the Stripe sandbox's webhooks; never accepted alongside a real Stripe key. */
export const SANDBOX_STRIPE_WEBHOOK_SECRET = 'whsec_ringcast_sandbox_development';

export interface Config {
  env: string;
  isProduction: boolean;
  port: number;
  publicUrl: string;
  /** Where our processes reach the api's provider sandboxes (/sandbox/*); PUBLIC_URL unless set. */
  sandboxUrl: string;
  databaseUrl: string;
  redisUrl: string;
  /** Namespaces every Redis key, queue and pub/sub channel, so several deployments (or test runs) share one Redis. */
  redisPrefix: string;
  adminEmailDomain: string;
  uploadDir: string;
  frontendDist: string;
  sessionSecret: string;
  encryptionKey: string;
  trustProxy: boolean;
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
  /**
   * Verifies `Stripe-Signature` on /webhooks/stripe. In sandbox mode a fixed development secret
   * the sandbox signs with; with a real key and no secret every webhook is refused.
   */
  stripeWebhookSecret: string | undefined;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const isProduction = nodeEnv === 'production';
  const port = int(env.PORT, 3000, 'PORT');
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/$/, '');
  const sessionSecret = env.SESSION_SECRET || DEV_SESSION_SECRET;
  const encryptionKey = env.ENCRYPTION_KEY || DEV_ENCRYPTION_KEY;
  if (isProduction) {
    if (sessionSecret === DEV_SESSION_SECRET) throw new Error('SESSION_SECRET must be set when NODE_ENV=production');
    if (encryptionKey === DEV_ENCRYPTION_KEY) throw new Error('ENCRYPTION_KEY must be set when NODE_ENV=production');
  }
  const stripe = stripeSettings(env, isProduction);
  return {
    env: nodeEnv,
    isProduction,
    port,
    publicUrl,
    sandboxUrl: (env.SANDBOX_URL || publicUrl).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || 'mysql://root@127.0.0.1:3306/ringcast',
    redisUrl: env.REDIS_URL || 'redis://127.0.0.1:6379',
    redisPrefix: env.REDIS_PREFIX || 'ringcast',
    adminEmailDomain: (env.ADMIN_EMAIL_DOMAIN || 'ringcast.test').toLowerCase(),
    uploadDir: path.resolve(repoRoot, env.UPLOAD_DIR || 'uploads'),
    frontendDist: path.resolve(repoRoot, env.FRONTEND_DIST || 'frontend/dist'),
    sessionSecret,
    encryptionKey,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'warn' : 'info'),
    workerConcurrency: int(env.WORKER_CONCURRENCY, 5, 'WORKER_CONCURRENCY'),
    openaiApiKey: env.OPENAI_API_KEY || undefined,
    openaiModel: env.OPENAI_MODEL || 'gpt-4o-mini',
    openaiBaseUrl: env.OPENAI_BASE_URL ? env.OPENAI_BASE_URL.replace(/\/$/, '') : undefined,
    ...stripe,
  };
}

/**
 * Stripe keys: none means the sandbox (and its development webhook secret). A real secret key in
 * production needs its webhook secret and publishable key, or payments would be taken and never
 * activated by webhook, or never be taken at all.
 */
function stripeSettings(env: NodeJS.ProcessEnv, isProduction: boolean) {
  const stripeSecretKey = env.STRIPE_SECRET_KEY || undefined;
  const stripePublishableKey = env.STRIPE_PUBLISHABLE_KEY || undefined;
  if (!stripeSecretKey) {
    return {
      stripeSecretKey,
      stripePublishableKey: undefined,
      stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || SANDBOX_STRIPE_WEBHOOK_SECRET,
    };
  }
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET || undefined;
  if (isProduction && !stripeWebhookSecret) {
    throw new Error('STRIPE_WEBHOOK_SECRET must be set when STRIPE_SECRET_KEY is set and NODE_ENV=production');
  }
  if (isProduction && !stripePublishableKey) {
    throw new Error('STRIPE_PUBLISHABLE_KEY must be set when STRIPE_SECRET_KEY is set and NODE_ENV=production');
  }
  if (stripeWebhookSecret === SANDBOX_STRIPE_WEBHOOK_SECRET) {
    throw new Error('STRIPE_WEBHOOK_SECRET is the sandbox development secret; use the secret of your Stripe webhook endpoint');
  }
  return { stripeSecretKey, stripePublishableKey, stripeWebhookSecret };
}

export const config: Config = loadConfig();
