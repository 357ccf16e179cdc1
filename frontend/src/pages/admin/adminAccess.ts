import type { User } from '@ringcast/shared-types';

export type AdminAccess =
  { allowed: true } | { allowed: false; title: 'Unauthorized' | 'Unauthorized Domain'; description: string };

/** Spec §6: an email in the admin domain, as the server checks it ("x@ringcast.test"). */
export const hasAdminDomain = (email: string, domain: string) =>
  email.toLowerCase().endsWith(`@${domain.toLowerCase()}`);

/**
 * Spec §6: /admin needs isAdmin and an email in the company's own domain. The refusal names which
 * of the two is missing, in the spec's words.
 */
export function adminAccessFor(user: Pick<User, 'isAdmin' | 'email'> | null, domain: string): AdminAccess {
  if (!user?.isAdmin)
    return {
      allowed: false,
      title: 'Unauthorized',
      description: `Admin access required - only ${domain} users allowed. Redirecting...`,
    };
  if (!hasAdminDomain(user.email, domain))
    return {
      allowed: false,
      title: 'Unauthorized Domain',
      description: `Admin access restricted to ${domain} users. Redirecting...`,
    };
  return { allowed: true };
}
