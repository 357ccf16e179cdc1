import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import { simpleParser, type AddressObject } from 'mailparser';
import type { SandboxMail } from '@ringcast/shared-types';
import { useSandboxHost, type SandboxHost } from '../host';
import { logger } from '../logger';
import { redisKey, sharedRedis } from '../redis';
import { linksIn } from './links';
import { storeMail } from './store';

/** Larger messages are refused (552), as a real server would. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export interface MailSandbox {
  /** The port it listens on (the one asked for, or the one taken for port 0). */
  port: number;
  close(): Promise<void>;
}

/** An SMTP refusal: smtp-server answers with the code and the message. */
function refusal(code: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode: code });
}

const recipients = (session: SMTPServerSession) =>
  session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());

const fromOf = (from: AddressObject | undefined) => from?.text ?? '';

/**
 * Like Stripe's test cards, a recipient's name plays a mail server's answers: `bounce...@` is
 * refused for good (550), `defer...@` is refused for now (451) the first time a message (by its
 * Message-ID) comes, and taken when it comes again.
 */
async function playedAnswer(to: string[], messageId: string | null): Promise<Error | undefined> {
  const locals = to.map((address) => address.split('@')[0]);
  if (locals.some((local) => local.startsWith('bounce')))
    return refusal(550, 'Mailbox unavailable (mail sandbox: a bounce... address)');
  if (messageId && locals.some((local) => local.startsWith('defer'))) {
    const first = await sharedRedis().set(
      redisKey('mail-sandbox', 'deferred', messageId),
      '1',
      'EX',
      86_400,
      'NX',
    );
    if (first) return refusal(451, 'Try again later (mail sandbox: a defer... address, first attempt)');
  }
  return undefined;
}

/** A header's value as sent (mailparser keeps each raw line as `Name: value`). */
function headerLine(lines: readonly { key: string; line: string }[], name: string): string | null {
  const line = lines.find((header) => header.key === name)?.line;
  return line === undefined
    ? null
    : line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n\s+/g, ' ')
        .trim();
}

async function receive(stream: SMTPServerDataStream, session: SMTPServerSession): Promise<SandboxMail> {
  const parsed = await simpleParser(stream);
  if (stream.sizeExceeded) throw refusal(552, `Message larger than ${MAX_MESSAGE_BYTES} bytes`);
  const to = recipients(session);
  const messageId = parsed.messageId ?? null;
  const refused = await playedAnswer(to, messageId);
  if (refused) throw refused;
  const html = typeof parsed.html === 'string' ? parsed.html : null;
  const text = parsed.text ?? '';
  const mail: SandboxMail = {
    id: `mail_${randomBytes(12).toString('hex')}`,
    to,
    from: fromOf(parsed.from),
    subject: parsed.subject ?? '',
    text,
    html,
    links: linksIn(html, text),
    messageId,
    listUnsubscribe: headerLine(parsed.headerLines, 'list-unsubscribe'),
    listUnsubscribePost: headerLine(parsed.headerLines, 'list-unsubscribe-post'),
    createdAt: new Date().toISOString(),
  };
  await storeMail(mail);
  return mail;
}

/**
 * The mail sandbox: a real SMTP server (no TLS, no login) that keeps every message it is handed
 * in Redis for admins to read. The api starts it when SMTP_URL is unset; any process sends to it.
 */
export async function startMailSandbox(
  host: SandboxHost,
  {
    port,
    onMessage,
  }: {
    port: number;
    /** Told of each message kept (the api pushes it to the admins' Outbox tabs). */
    onMessage?: (mail: SandboxMail) => void;
  },
): Promise<MailSandbox> {
  useSandboxHost(host);
  const server = new SMTPServer({
    name: 'mail-sandbox.ringcast.local',
    banner: 'Ringcast mail sandbox',
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      receive(stream, session).then(
        (mail) => {
          callback();
          onMessage?.(mail);
        },
        (err: Error & { responseCode?: number }) => {
          if (!err.responseCode) logger.error({ err }, 'mail sandbox could not keep a message');
          // Whatever is left of a refused message is read, so the connection stays usable.
          stream.resume();
          callback(err.responseCode ? err : refusal(451, 'Mail sandbox could not keep the message'));
        },
      );
    },
  });
  server.on('error', (err) => logger.warn({ err }, 'mail sandbox connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
