import { object, string, type InferType } from 'yup';

/**
 * GET /api/admin/sandbox/mail (admins, mail sandbox only): the messages one address received, or
 * without `to` the latest 100 of all, newest first.
 */
export const sandboxMailQuerySchema = object({
  to: string()
    .trim()
    .lowercase()
    .email('to must be an email address')
    .max(254, 'to must be at most 254 characters')
    .optional(),
});
export type SandboxMailQuery = InferType<typeof sandboxMailQuerySchema>;

/** One message the mail sandbox caught, as it arrived over SMTP. */
export interface SandboxMail {
  /** The sandbox's own id for this copy (`mail_...`). */
  id: string;
  /** The addresses it was delivered to (the SMTP envelope's recipients, lowercase). */
  to: string[];
  from: string;
  subject: string;
  text: string;
  /** The HTML version, or null for a text-only message. */
  html: string | null;
  /** Every http(s) address in the HTML's links and the text, in order, once each. */
  links: string[];
  /** The sender's Message-ID header. */
  messageId: string | null;
  /** The List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058 one-click), when sent. */
  listUnsubscribe: string | null;
  listUnsubscribePost: string | null;
  /** When the sandbox received it (ISO 8601). */
  createdAt: string;
}
