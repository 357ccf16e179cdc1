import type { SandboxMail } from '@ringcast/shared-types';
import { api } from './client';

/** What the mail sandbox caught: one address's messages, or the latest 100 of all, newest first. */
export const fetchSandboxMail = (to: string) =>
  api.get<SandboxMail[]>(`/api/admin/sandbox/mail${to.trim() ? `?to=${encodeURIComponent(to.trim())}` : ''}`);
