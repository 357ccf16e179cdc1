import { renderLayout, type LayoutData, type MailContent } from './layout';

export interface LeadDigestEntry {
  campaignName: string;
  prospectName: string;
  phone: string;
  outcome: string;
  /** When the call ended, on the reader's clock ("2:05 PM"). */
  time: string;
  summary: string | null;
  callUrl: string;
}

/** Yesterday's leads in one message, sent at 8:00 in the customer's time zone. */
export interface LeadDigestData extends LayoutData {
  /** The day the leads came in, as the reader says it ("Saturday, December 5"). */
  day: string;
  leads: LeadDigestEntry[];
}

export function render(data: LeadDigestData): MailContent {
  const count = data.leads.length;
  const noun = count === 1 ? 'lead' : 'leads';
  return renderLayout(
    {
      subject: `${count} ${noun} from ${data.day}`,
      heading: `Your ${noun} from ${data.day}`,
      paragraphs: data.leads.map(
        (lead) =>
          `${lead.time}, ${lead.campaignName}: ${lead.prospectName}, ${lead.phone}. ${lead.outcome}. ` +
          `${lead.summary ? `${lead.summary} ` : ''}Open the call: ${lead.callUrl}`,
      ),
      notes: ['You get this email because you chose one daily digest of lead alerts.'],
    },
    data,
  );
}
