import { renderLayout, type LayoutData, type MailContent } from './layout';

export type CampaignEventKind = 'completed' | 'payment_failed' | 'canceled';

/** A campaign's status changed in a way its owner must hear about. */
export interface CampaignEventData extends LayoutData {
  event: CampaignEventKind;
  campaignName: string;
  campaignUrl: string;
  /** Why a payment failed, in the card issuer's words, when known. */
  reason?: string | null;
}

const SUBJECTS: Record<CampaignEventKind, (name: string) => string> = {
  completed: (name) => `${name} has completed`,
  payment_failed: (name) => `Payment failed for ${name}`,
  canceled: (name) => `${name} was canceled`,
};

const LINES: Record<CampaignEventKind, string> = {
  completed: 'Every prospect of the campaign has been called. Its results and call log stay on its page.',
  payment_failed: 'The payment for the campaign did not go through, so it does not call until it is paid.',
  canceled: 'The campaign is canceled and makes no more calls. Its records stay on its page.',
};

export function render(data: CampaignEventData): MailContent {
  const subject = SUBJECTS[data.event](data.campaignName);
  return renderLayout(
    {
      subject,
      heading: subject,
      paragraphs: [LINES[data.event], ...(data.reason ? [`The reason given: ${data.reason}`] : [])],
      action: { label: 'Open the campaign', url: data.campaignUrl },
      notes: ['You get this email because campaign event emails are on.'],
    },
    data,
  );
}
