import { renderLayout, type LayoutData, type MailContent } from './layout';

/** "Ringcast can send email": proves the whole path (queue, worker, SMTP) with one link to follow. */
export interface TestMessageData extends LayoutData {
  /** The page the link opens (the app's address, say). */
  url: string;
  /** A line saying who asked for it, or why. */
  note?: string;
}

export function render(data: TestMessageData): MailContent {
  return renderLayout(
    {
      subject: 'Ringcast can send email',
      heading: 'This is a test message',
      paragraphs: ['Email from Ringcast reaches this address.', ...(data.note ? [data.note] : [])],
      action: { label: 'Open Ringcast', url: data.url },
    },
    data,
  );
}
