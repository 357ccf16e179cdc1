/**
 * The one look of every message: Ringcast's name, the business's when given, the body, and an
 * unsubscribe link for anything that is not a security message. Each template builds a MailBody
 * and hands it here, so the text and HTML versions always say the same thing.
 */

/** What every template's data may carry besides its own fields. */
export interface LayoutData {
  /** The customer's business (their company name), named in the greeting line and the footer. */
  businessName?: string | null;
  /**
   * Where the reader turns this kind of message off. Security messages (password reset, password
   * changed) pass none: they cannot be turned off.
   */
  unsubscribeUrl?: string | null;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailBody {
  subject: string;
  /** The first line, in bold in the HTML version. */
  heading: string;
  paragraphs: string[];
  /** Facts as label and value (a prospect's name, a time), shown as a small table. */
  details?: [label: string, value: string][];
  /** The one button: the link a reader follows. */
  action?: { label: string; url: string };
  /** Smaller lines after the button (why they got it, how long a link lasts). */
  notes?: string[];
}

const PRODUCT = 'Ringcast';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: every value a template puts in the HTML version goes through this. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ESCAPES[char]);

function footerLines(data: LayoutData): string[] {
  const sender = data.businessName ? `${PRODUCT}, for ${data.businessName}` : PRODUCT;
  const lines = [`Sent by ${sender}.`];
  if (data.unsubscribeUrl) lines.push(`Unsubscribe from these emails: ${data.unsubscribeUrl}`);
  return lines;
}

function renderText(body: MailBody, data: LayoutData): string {
  const parts: string[] = [body.heading, ...body.paragraphs];
  if (body.details?.length) parts.push(body.details.map(([label, value]) => `${label}: ${value}`).join('\n'));
  if (body.action) parts.push(`${body.action.label}: ${body.action.url}`);
  if (body.notes?.length) parts.push(body.notes.join('\n'));
  parts.push(`-- \n${footerLines(data).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}

const FONT = 'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif';

function renderHtml(body: MailBody, data: LayoutData): string {
  const rows = (body.details ?? [])
    .map(
      ([label, value]) =>
        `<tr><td style="padding:2px 12px 2px 0;color:#666">${escapeHtml(label)}</td>` +
        `<td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const action = body.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(body.action.url)}" style="background:#1677ff;color:#fff;` +
      `padding:10px 18px;border-radius:6px;text-decoration:none;display:inline-block">` +
      `${escapeHtml(body.action.label)}</a></p>` +
      `<p style="font-size:12px;color:#666">Or open this address: ${escapeHtml(body.action.url)}</p>`
    : '';
  const unsubscribe = data.unsubscribeUrl
    ? `<br><a href="${escapeHtml(data.unsubscribeUrl)}" style="color:#666">Unsubscribe from these emails</a>`
    : '';
  const sender = data.businessName ? `${PRODUCT}, for ${escapeHtml(data.businessName)}` : PRODUCT;
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<title>${escapeHtml(body.subject)}</title></head>`,
    `<body style="margin:0;padding:24px;background:#f5f5f5;${FONT};color:#1f1f1f">`,
    '<div style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px">',
    `<div style="font-weight:600;color:#1677ff;margin-bottom:16px">${PRODUCT}</div>`,
    `<h1 style="font-size:18px;margin:0 0 16px">${escapeHtml(body.heading)}</h1>`,
    ...body.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`),
    rows ? `<table style="border-collapse:collapse;margin:12px 0">${rows}</table>` : '',
    action,
    ...(body.notes ?? []).map(
      (n) => `<p style="font-size:12px;color:#666;margin:0 0 8px">${escapeHtml(n)}</p>`,
    ),
    `<p style="font-size:12px;color:#999;margin-top:24px">Sent by ${sender}.${unsubscribe}</p>`,
    '</div></body></html>',
  ].join('');
}

/** A template's body in Ringcast's layout: the subject, and the same words as text and as HTML. */
export function renderLayout(body: MailBody, data: LayoutData): MailContent {
  return { subject: body.subject, text: renderText(body, data), html: renderHtml(body, data) };
}
