import type { SandboxHost } from '../host';

/**
 * What the api hands the Stripe sandbox when it mounts it: this deployment's sandbox keys, and
 * where and how to sign the webhooks it sends. Each is read when used, so a changed configuration
 * (a test's, say) holds at once. The rest is what every sandbox is handed (../host.ts).
 */
export interface StripeSandboxHost extends SandboxHost {
  /** The only keys the sandbox accepts: the secret one (our server) and the publishable one (a browser). */
  apiKeys(): { secretKey: string; publishableKey: string };
  /** The secret the sandbox signs its webhooks with (STRIPE_WEBHOOK_SECRET or the sandbox's own). */
  webhookSecret(): string | undefined;
  /** Where the sandbox posts its events: our /webhooks/stripe, as the sandbox reaches it. */
  webhookUrl(): string;
}
