// npm run send-test-mail -- --to you@example.com
// Sends one test message now, with this machine's SMTP_URL and MAIL_FROM, and says what the mail
// server answered: a check of the mail settings that needs no worker and no account.
import { parseArgs } from 'node:util';
import { string } from 'yup';
import {
  appLink,
  closeMailTransports,
  closeSharedRedis,
  config,
  renderTemplate,
  sendMail,
} from '@ringcast/backend';

const { values } = parseArgs({ options: { to: { type: 'string' } } });
const to = values.to?.trim().toLowerCase();
if (!to || !string().email().isValidSync(to)) {
  console.error('Usage: npm run send-test-mail -- --to you@example.com');
  process.exit(1);
}

const server = config.smtpUrl ? 'SMTP_URL' : `the mail sandbox (port ${config.mailSandboxPort})`;
try {
  // A new id each time: every run sends.
  await sendMail({
    id: `test-message:${to}:${Date.now()}`,
    to: [to],
    ...renderTemplate('testMessage', { url: appLink('/'), note: 'Sent by npm run send-test-mail.' }),
  });
  console.log(`Sent a test message to ${to} through ${server}, from ${config.mailFrom}.`);
} catch (err) {
  const { message, responseCode } = err as Error & { responseCode?: number };
  console.error(`Could not send through ${server}: ${responseCode ? `${responseCode} ` : ''}${message}`);
  process.exitCode = 1;
} finally {
  closeMailTransports();
  await closeSharedRedis();
}
