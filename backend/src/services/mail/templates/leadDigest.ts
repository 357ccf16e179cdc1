import { renderLayout, type LayoutData, type MailContent } from './layout';
import type { ScheduledTime } from './leadAlert';

export interface LeadDigestEntry {
  campaignName: string;
  prospectName: string;
  phone: string;
  outcome: string;
  /** When the call ended, on the reader's clock ("2:05 PM"). */
  time: string;
  summary: string | null;
  callUrl: string;
  /** The appointment booked or the call back promised, on the prospect's clock and the reader's. */
  scheduled?: ScheduledTime | null;
}

/** " Appointment: Dec 8, 2:00 PM EST (1:00 PM CST your time)." */
function scheduledSentence(scheduled: ScheduledTime | null | undefined): string {
  const when = scheduled?.theirTime ?? scheduled?.yourTime;
  if (!scheduled || !when) return '';
  const yours = scheduled.theirTime && scheduled.yourTime ? ` (${scheduled.yourTime} your time)` : '';
  return ` ${scheduled.label}: ${when}${yours}.`;
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
          `${lead.time}, ${lead.campaignName}: ${lead.prospectName}, ${lead.phone}. ${lead.outcome}.` +
          `${scheduledSentence(lead.scheduled)} ` +
          `${lead.summary ? `${lead.summary} ` : ''}Open the call: ${lead.callUrl}`,
      ),
      notes: ['You get this email because you chose one daily digest of lead alerts.'],
    },
    data,
  );
}
