import type { Transaction } from 'sequelize';
import { config } from '../../config';
import { logger } from '../../logger';
import { enqueue } from '../../queues';
import { renderTemplate, type LayoutData, type TemplateData, type TemplateName } from './templates';

export {
  TEMPLATES,
  type LayoutData,
  type MailContent,
  type TemplateData,
  type TemplateName,
} from './templates';

/**
 * One message to send. `id` is stable per message (`password-reset:<tokenId>`,
 * `lead-alert:<callRecordId>:<address>`): asking twice for the same id sends once.
 */
export interface MailRequest<T extends TemplateName = TemplateName> {
  id: string;
  to: string | string[];
  template: T;
  data: TemplateData<T>;
}

/** An address in the app, for links in mail: always the public app URL (PUBLIC_URL). */
export const appLink = (pathAndQuery: string) =>
  `${config.publicUrl}${pathAndQuery.startsWith('/') ? '' : '/'}${pathAndQuery}`;

const addressesOf = (to: string | string[]) => [
  ...new Set((Array.isArray(to) ? to : [to]).map((address) => address.trim().toLowerCase())),
];

/**
 * Renders the message now (a template's mistake shows in the caller, not in a job hours later)
 * and queues its sending; the worker sends it with retries, so a mail server that is down never
 * fails the caller. With a transaction, the job is queued once it commits (nothing is sent for a
 * change rolled back), and a queue that cannot be reached then is logged, not thrown: the change
 * is committed, and the request that made it succeeded.
 */
export async function enqueueMail<T extends TemplateName>(
  mail: MailRequest<T>,
  options: { transaction?: Transaction | null } = {},
): Promise<void> {
  const content = renderTemplate(mail.template, mail.data);
  // Mail clients show their own "Unsubscribe" button for the same link the message carries.
  const listUnsubscribe = (mail.data as LayoutData).unsubscribeUrl ?? undefined;
  const payload = { id: mail.id, to: addressesOf(mail.to), ...content, listUnsubscribe };
  const { transaction } = options;
  if (!transaction) {
    await enqueue('sendMail', payload);
    return;
  }
  transaction.afterCommit(async () => {
    try {
      await enqueue('sendMail', payload);
    } catch (err) {
      logger.error({ err, mailId: mail.id, template: mail.template }, 'could not queue an email');
    }
  });
}
