import type { MailContent } from './layout';
import * as testMessage from './testMessage';
import * as passwordReset from './passwordReset';
import * as passwordChanged from './passwordChanged';
import * as leadAlert from './leadAlert';
import * as leadDigest from './leadDigest';
import * as campaignEvent from './campaignEvent';
import * as ticketAnswered from './ticketAnswered';
import * as webhookDisabled from './webhookDisabled';

/**
 * Every message Ringcast sends: a template name and its file (`templates/<name>.ts`), each
 * exporting `render(data) => { subject, text, html }` built with the shared layout (layout.ts).
 * Adding one is a file and a line here.
 */
export const TEMPLATES = {
  testMessage,
  passwordReset,
  passwordChanged,
  leadAlert,
  leadDigest,
  campaignEvent,
  ticketAnswered,
  webhookDisabled,
} as const;

export type TemplateName = keyof typeof TEMPLATES;

/** What a template's render() takes: its own fields plus the layout's (business, unsubscribe link). */
export type TemplateData<T extends TemplateName> = Parameters<(typeof TEMPLATES)[T]['render']>[0];

export function renderTemplate<T extends TemplateName>(template: T, data: TemplateData<T>): MailContent {
  const render = TEMPLATES[template].render as (data: TemplateData<T>) => MailContent;
  return render(data);
}

export type { LayoutData, MailContent } from './layout';
