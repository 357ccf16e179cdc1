import { logger } from '@ringcast/backend';
import { paymentsModule } from './paymentsModule';
import { scriptWritingModule } from './scriptWritingModule';

/**
 * Loads the payments and script-writing code (with the Stripe and OpenAI SDKs) in the background
 * once the worker is up. Loaded by the first job that needs it instead, it was paid by a customer
 * waiting on their first payment's activation (3.4 s, 0.1 s after) or first script, on a busy
 * machine. It costs the idle worker ~20 MB more.
 */
export function warmUpJobModules(): void {
  Promise.all([paymentsModule(), scriptWritingModule()]).catch((err: Error) =>
    logger.warn({ err }, 'could not load the payments or script-writing code ahead of its first job'),
  );
}
