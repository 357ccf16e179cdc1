import { renderLayout, type LayoutData, type MailContent } from './layout';

/** Our team answered one of the customer's support tickets. */
export interface TicketAnsweredData extends LayoutData {
  subject: string;
  response: string;
  /** The help page, where the customer's tickets and answers are listed. */
  ticketsUrl: string;
}

export function render(data: TicketAnsweredData): MailContent {
  return renderLayout(
    {
      subject: `Re: ${data.subject}`,
      heading: `We answered your ticket “${data.subject}”`,
      paragraphs: [data.response],
      action: { label: 'See your tickets', url: data.ticketsUrl },
      notes: ['You get this email because support ticket emails are on.'],
    },
    data,
  );
}
