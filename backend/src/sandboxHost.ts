import { config } from './config';
import { logger } from './logger';
import { createRedis, redisKey, sharedRedis, slotKey } from './redis';
import type { SandboxHost, StripeSandboxHost } from '@ringcast/sandbox';

/**
 * What the api hands every sandbox it mounts (sandbox/src/host.ts): our logger, Redis and its key
 * prefix, and SANDBOX_TIME_SCALE. Values are read from config when used, as the sandbox used to.
 */
export const sandboxHost: SandboxHost = {
  logger,
  redis: sharedRedis,
  createRedis,
  redisKey,
  slotKey,
  timeScale: () => config.sandboxTimeScale,
};

/** What the Stripe sandbox is handed besides: this deployment's sandbox keys and our webhook. */
export const stripeSandboxHost: StripeSandboxHost = {
  ...sandboxHost,
  apiKeys: () => {
    const { secretKey, publishableKey } = config.stripeSandbox;
    return { secretKey, publishableKey };
  },
  webhookSecret: () => config.stripeWebhookSecret,
  webhookUrl: () => `${config.sandboxUrl}/webhooks/stripe`,
};
