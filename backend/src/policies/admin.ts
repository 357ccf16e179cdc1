import { config } from '../config';

/** An admin is a user flagged isAdmin whose email is in our own domain; both are checked on every call. */
export function isAdminUser(user: { isAdmin: boolean; email: string }): boolean {
  return user.isAdmin && isAdminEmail(user.email);
}

export function isAdminEmail(email: string): boolean {
  return email.toLowerCase().endsWith(`@${config.adminEmailDomain}`);
}
