import type { SandboxInvoice } from './invoices';

/** The hosted invoice page and its PDF, as a browser opens Stripe's hosted_invoice_url and invoice_pdf. */
const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
const day = (at: number) => new Date(at * 1000).toISOString().slice(0, 10);
const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function summaryRows(invoice: SandboxInvoice): [string, string][] {
  return [
    ['Subtotal', dollars(invoice.subtotal)],
    ...invoice.total_discount_amounts.map((d): [string, string] => ['Discount', dollars(-d.amount)]),
    ['Total', dollars(invoice.total)],
    [
      'Applied balance',
      dollars(invoice.total - invoice.amount_due > 0 ? -(invoice.total - invoice.amount_due) : 0),
    ],
    ['Amount due', dollars(invoice.amount_due)],
    ['Amount paid', dollars(invoice.amount_paid)],
  ];
}

export function invoicePage(invoice: SandboxInvoice): string {
  const lines = invoice.lines.data
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.description)}</td><td>${day(line.period.start)} – ${day(line.period.end)}</td><td>${dollars(line.amount)}</td></tr>`,
    )
    .join('');
  const summary = summaryRows(invoice)
    .map(([label, value]) => `<tr><th colspan="2">${label}</th><td>${value}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${escapeHtml(invoice.number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;color:#222}table{width:100%;border-collapse:collapse}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}.tag{padding:.1rem .5rem;border-radius:4px;background:#eee}</style></head>
<body><p class="tag">Stripe sandbox</p><h1>Invoice ${escapeHtml(invoice.number)}</h1>
<p>Status: <strong>${invoice.status}</strong> · Issued ${day(invoice.created)}${invoice.customer_email ? ` · Billed to ${escapeHtml(invoice.customer_email)}` : ''}</p>
<table><thead><tr><th>Description</th><th>Period</th><th>Amount</th></tr></thead><tbody>${lines}${summary}</tbody></table>
<p><a href="${escapeHtml(invoice.invoice_pdf)}">Download PDF</a></p></body></html>`;
}

const pdfText = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '-');

/** A small, valid one-page PDF listing the invoice's lines and totals. */
export function invoicePdf(invoice: SandboxInvoice): Buffer {
  const rows = [
    `Invoice ${invoice.number} (${invoice.status})`,
    `Issued ${day(invoice.created)}`,
    '',
    ...invoice.lines.data.map(
      (line) =>
        `${line.description}  ${day(line.period.start)} - ${day(line.period.end)}  ${dollars(line.amount)}`,
    ),
    '',
    ...summaryRows(invoice).map(([label, value]) => `${label}: ${value}`),
  ];
  const content = [
    'BT',
    '/F1 11 Tf',
    '14 TL',
    '50 790 Td',
    ...rows.map((row) => `(${pdfText(row)}) Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
