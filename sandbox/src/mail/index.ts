import type { SandboxMail } from '@ringcast/shared-types';
import { useSandboxHost, type SandboxHost } from '../host';
import { listMail } from './store';

export { startMailSandbox, type MailSandbox } from './server';

/** The admin's read of the sandbox: one address's messages, or the latest of all, newest first. */
export async function readSandboxMail(
  host: SandboxHost,
  { to, limit = 100 }: { to?: string; limit?: number } = {},
): Promise<SandboxMail[]> {
  useSandboxHost(host);
  return listMail({ to, limit });
}
