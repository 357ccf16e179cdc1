/** "Jan 5, 2025, 3:04 PM" in the reader's locale. */
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Ada Lovelace", or the email when the name is blank. */
export const personName = (p: { firstName: string; lastName: string; email: string }) =>
  [p.firstName, p.lastName].filter(Boolean).join(' ').trim() || p.email;

/** A value or a dash, for optional fields in detail lists. */
export const orDash = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);
