import { renderLayout, type LayoutData, type MailContent } from './layout';

/** A time the call set, as the lead mails print it (leadFacts.ts fills it). */
export interface ScheduledTime {
  label: string;
  theirTime: string | null;
  yourTime: string | null;
}

/** One interesting call, as it ends: who, when for them, what came of it, and a link to the call. */
export interface LeadAlertData extends LayoutData {
  campaignName: string;
  /** The prospect's name, or "Unnamed prospect" / "Caller". */
  prospectName: string;
  /** As the screens print it: "(415) 555-0102". */
  phone: string;
  /** The call's time on the prospect's clock ("Dec 6, 2:05 PM EST"), or null when their zone is unknown. */
  localTime: string | null;
  /** "Interested", "Appointment booked", "Call back later". */
  outcome: string;
  /** The two-sentence summary; null when it was not written in time (it is on the call's page). */
  summary: string | null;
  /** Opens the call's drawer on the campaign page. */
  callUrl: string;
  /** The appointment booked or the call back promised, on the prospect's clock and the owner's. */
  scheduled?: ScheduledTime | null;
}

/** The mail's lines for a time the call set ("Appointment, their time"), when it set one. */
export function scheduledDetails(scheduled: ScheduledTime | null | undefined): [string, string][] {
  if (!scheduled) return [];
  const rows: [string, string][] = [];
  if (scheduled.theirTime) rows.push([`${scheduled.label}, their time`, scheduled.theirTime]);
  if (scheduled.yourTime) rows.push([`${scheduled.label}, your time`, scheduled.yourTime]);
  return rows;
}

export function render(data: LeadAlertData): MailContent {
  return renderLayout(
    {
      subject: `${data.outcome}: ${data.prospectName} (${data.campaignName})`,
      heading: `${data.prospectName}: ${data.outcome.toLowerCase()}`,
      paragraphs: [
        `A call of your campaign ${data.campaignName} just ended with a result.`,
        data.summary ?? 'The summary of the call is still being written; it will be on the call’s page.',
      ],
      details: [
        ['Prospect', data.prospectName],
        ['Number', data.phone],
        ...(data.localTime ? [['Their local time', data.localTime] as [string, string]] : []),
        ['Outcome', data.outcome],
        ...scheduledDetails(data.scheduled),
      ],
      action: { label: 'Open the call', url: data.callUrl },
      notes: ['You get this email because lead alerts are on for each call.'],
    },
    data,
  );
}
