import { createHash } from 'node:crypto';
import type { JobPayloads } from '@ringcast/shared-types';
import { config } from '../../config';
import { redisKey, sharedRedis } from '../../redis';
import { mailTransport } from './transport';

type MailPayload = JobPayloads['sendMail'];

/** How long a sent message is remembered, so asking for it again sends nothing (the job table keeps jobs as long). */
const SENT_FOR_SECONDS = 30 * 24 * 3600;

const sentKey = (id: string) => redisKey('mail', 'sent', id);

/** The domain of MAIL_FROM's address: the right-hand side of every Message-ID we make. */
function senderDomain(): string {
  const match = /@([^>\s@]+)>?\s*$/.exec(config.mailFrom);
  return match?.[1] ?? 'ringcast.invalid';
}

/**
 * The Message-ID of a message, from its stable id: a retried send carries the same one, so a
 * receiving server or mail client that got the first can tell the second is the same message.
 */
export const messageIdOf = (id: string) =>
  `<${createHash('sha256').update(id).digest('hex').slice(0, 40)}@${senderDomain()}>`;

/**
 * Sends one message. A message already sent (remembered by its id) is not sent again, even when
 * its job was asked for anew after the first one was trimmed.
 */
export async function sendMail(mail: MailPayload): Promise<'sent' | 'already'> {
  const redis = sharedRedis();
  if (await redis.exists(sentKey(mail.id))) return 'already';
  const transport = await mailTransport();
  await transport.sendMail({
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageIdOf(mail.id),
    // RFC 8058: the mail provider POSTs to the link itself, so the unsubscribe takes one click.
    ...(mail.listUnsubscribe && {
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      list: { unsubscribe: mail.listUnsubscribe },
    }),
  });
  await redis.set(sentKey(mail.id), '1', 'EX', SENT_FOR_SECONDS);
  return 'sent';
}

/**
 * A refusal that trying again cannot change: the server answered 5xx to the recipients or the
 * message itself (no such mailbox, message too large). Anything else (no connection, 4xx "try
 * later", a refused login a fixed SMTP_URL may cure) is retried with backoff.
 */
export function isPermanentMailError(err: unknown): boolean {
  const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number };
  return (
    typeof responseCode === 'number' && responseCode >= 500 && (code === 'EENVELOPE' || code === 'EMESSAGE')
  );
}
