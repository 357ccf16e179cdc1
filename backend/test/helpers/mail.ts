import type { SandboxMail } from '@ringcast/shared-types';
import { readSandboxMail } from '@ringcast/sandbox';
import { sandboxHost } from '../../src/sandboxHost';
import { waitFor } from './sockets';

/**
 * What the mail sandbox holds for an address, newest first (read from Redis, as the admin route
 * does). Mail reaches it through a worker: `useTestApi({ worker: true })` starts one that sends to
 * this file's api's mail sandbox.
 */
export const mailTo = (address: string): Promise<SandboxMail[]> =>
  readSandboxMail(sandboxHost, { to: address.toLowerCase() });

/** Waits until `address` has a message `match` accepts (any message without one), and returns it. */
export const waitForMail = (
  address: string,
  match: (mail: SandboxMail) => boolean = () => true,
  timeoutMs = 20_000,
): Promise<SandboxMail> =>
  waitFor(async () => (await mailTo(address)).find(match), timeoutMs, `mail to ${address}`);
