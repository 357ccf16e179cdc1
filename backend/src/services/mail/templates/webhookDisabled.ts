import { renderLayout, type LayoutData, type MailContent } from './layout';

/**
 * Ringcast turned off a webhook endpoint whose deliveries failed for 3 days. A notice about the
 * account's own setting that stopped working, sent once per time it is turned off: like a security
 * message, it has no unsubscribe link (there is nothing to opt out of but the endpoint itself).
 */
export interface WebhookDisabledData extends LayoutData {
  firstName: string;
  url: string;
  description: string | null;
  /** When it was turned off, in words (UTC). */
  disabledAt: string;
  /** The last answer the endpoint gave, or why none came. */
  lastFailure: string;
  /** Account → Integrations, where it can be fixed and turned on again. */
  settingsUrl: string;
}

export function render(data: WebhookDisabledData): MailContent {
  return renderLayout(
    {
      subject: 'A Ringcast webhook endpoint was turned off',
      heading: `Hi ${data.firstName}, we turned off a webhook endpoint`,
      paragraphs: [
        'For 3 days your endpoint did not accept the events we sent it (no 2xx answer), so we stopped sending to it.',
        'Events that happen while it is off are not sent later. Once the endpoint answers again, turn it back on in your account; the delivery log shows what it answered.',
      ],
      details: [
        ['Endpoint', data.description ? `${data.description} (${data.url})` : data.url],
        ['Turned off', data.disabledAt],
        ['Last attempt', data.lastFailure],
      ],
      action: { label: 'Open your webhooks', url: data.settingsUrl },
    },
    { businessName: data.businessName ?? null },
  );
}
