import { startMailSandbox, type MailSandbox } from '@ringcast/sandbox';
import { config } from './config';
import { publish } from './events/publish';
import { logger } from './logger';
import { sandboxHost } from './sandboxHost';

/**
 * Starts the mail sandbox's SMTP server on MAIL_SANDBOX_PORT. With port 0 (tests) it takes a free
 * one, and this process's mail goes there. A port already taken is most likely another api copy on
 * the same machine serving the same sandbox (messages are kept in the shared Redis): said, not fatal.
 * Each message kept is pushed to the admins' Outbox tabs.
 */
export async function startMailSandboxHere(): Promise<MailSandbox | undefined> {
  try {
    const sandbox = await startMailSandbox(sandboxHost, {
      port: config.mailSandboxPort,
      onMessage: (mail) => publish('sandboxMail:received', mail),
    });
    if (config.mailSandboxPort === 0) config.mailSandboxPort = sandbox.port;
    logger.info({ port: sandbox.port }, 'mail sandbox listening for SMTP');
    return sandbox;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    logger.warn(
      { port: config.mailSandboxPort },
      'MAIL_SANDBOX_PORT is taken (another api copy?): this api runs no mail sandbox of its own',
    );
    return undefined;
  }
}
