import { adminRefusalFor, hasAdminDomain } from '@ringcast/shared-types';
import { config } from '../config';

type AdminCandidate = { isAdmin: boolean; email: string };

/** The shared admin rule with this deployment's domain (ADMIN_EMAIL_DOMAIN): why not, or null. */
export const adminRefusal = (user: AdminCandidate | null | undefined) =>
  adminRefusalFor(user, config.adminEmailDomain);

/** An admin is a user flagged isAdmin whose email is in our own domain; both are checked on every call. */
export const isAdminUser = (user: AdminCandidate) => adminRefusal(user) === null;

export const isAdminEmail = (email: string) => hasAdminDomain(email, config.adminEmailDomain);
