/**
 * Spec §6 and DESIGN decision 4: an admin is a user flagged isAdmin whose email is in the
 * company's own domain. The server checks it on every admin call, the SPA before showing /admin;
 * the refusal names which of the two is missing.
 */

export type AdminRefusal = 'notAdmin' | 'wrongDomain';

/** ASCII-only lower case: a look-alike letter (the Kelvin sign lowers to "k") never matches. */
const asciiLower = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * Whether the email's domain is exactly `domain`, in any letter case: "ada@ringcast.test" is,
 * "ada@eu.ringcast.test" (a subdomain) and "ada@evilringcast.test" are not.
 */
export function hasAdminDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  return at > 0 && asciiLower(email.slice(at + 1)) === asciiLower(domain.trim());
}

/** Why this user is not an admin, or null when they are. */
export function adminRefusalFor(
  user: { isAdmin: boolean; email: string } | null | undefined,
  domain: string,
): AdminRefusal | null {
  if (!user?.isAdmin) return 'notAdmin';
  if (!hasAdminDomain(user.email, domain)) return 'wrongDomain';
  return null;
}

/** The server's 403 message for each refusal. */
export const adminRefusalMessage = (refusal: AdminRefusal, domain: string) =>
  refusal === 'notAdmin'
    ? `Admin access required - only ${domain} users allowed.`
    : `Admin access restricted to ${domain} users.`;

/** The /admin page's destructive toast for each refusal: the server's words, then the redirect. */
export const adminRefusalToast = (refusal: AdminRefusal, domain: string) => ({
  title: refusal === 'notAdmin' ? 'Unauthorized' : 'Unauthorized Domain',
  description: `${adminRefusalMessage(refusal, domain)} Redirecting...`,
});

/** Why an account cannot be made an admin: its email is outside the domain. */
export const adminEmailRequiredMessage = (domain: string) =>
  `Only users with an @${domain} email can be made admins`;
