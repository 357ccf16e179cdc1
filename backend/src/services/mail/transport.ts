import type { Transporter } from 'nodemailer';
import { config } from '../../config';

/**
 * Where mail goes: SMTP_URL, or the mail sandbox's SMTP server, which the api runs on
 * MAIL_SANDBOX_PORT and this process reaches on SANDBOX_URL's host (the worker may run elsewhere).
 */
export function mailServerUrl(): string {
  if (config.smtpUrl) return config.smtpUrl;
  return `smtp://${new URL(config.sandboxUrl).hostname}:${config.mailSandboxPort}`;
}

const transports = new Map<string, Transporter>();

/**
 * One nodemailer transport per server address, made on first use (nodemailer loads with the
 * first message). Timeouts keep a server that stops answering from holding a job for long.
 */
export async function mailTransport(): Promise<Transporter> {
  const url = mailServerUrl();
  let transport = transports.get(url);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      // The sandbox speaks plain SMTP on a local port; a real server is upgraded when it offers TLS.
      ...(config.smtpUrl ? {} : { ignoreTLS: true }),
    } as Parameters<typeof nodemailer.createTransport>[0]);
    transports.set(url, transport);
  }
  return transport;
}

/** Closes the transports (a test or a stopping worker). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}
