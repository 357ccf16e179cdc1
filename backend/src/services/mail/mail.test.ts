import { describe, expect, it } from 'vitest';
import { jobIdFor } from '../../queues/jobTable';
import { renderTemplate } from './templates';
import { renderLayout } from './templates/layout';
import { messageIdOf } from './send';

describe('the mail layout', () => {
  it('says the same in text and HTML, names the business, and escapes what it is given', () => {
    const mail = renderLayout(
      {
        subject: 'A <lead>',
        heading: 'Jo & Co called back',
        paragraphs: ['Summary: "yes"'],
        details: [['Prospect', 'Jo <Smith>']],
        action: { label: 'Open the call', url: 'https://app.example/c?x=1&y=2' },
        notes: ['You get these because alerts are on.'],
      },
      { businessName: 'Spring <Dental>', unsubscribeUrl: 'https://app.example/unsubscribe?t=a&b' },
    );
    expect(mail.subject).toBe('A <lead>');
    expect(mail.text).toContain('Jo & Co called back');
    expect(mail.text).toContain('Prospect: Jo <Smith>');
    expect(mail.text).toContain('Open the call: https://app.example/c?x=1&y=2');
    expect(mail.text).toContain('Sent by Ringcast, for Spring <Dental>.');
    expect(mail.text).toContain('Unsubscribe from these emails: https://app.example/unsubscribe?t=a&b');
    expect(mail.html).toContain('Jo &amp; Co called back');
    expect(mail.html).toContain('Jo &lt;Smith&gt;');
    expect(mail.html).toContain('href="https://app.example/c?x=1&amp;y=2"');
    expect(mail.html).toContain('Spring &lt;Dental&gt;');
    expect(mail.html).toContain('href="https://app.example/unsubscribe?t=a&amp;b"');
    expect(mail.html).not.toContain('<Smith>');
  });

  it('has no unsubscribe link where none is given (security messages)', () => {
    const mail = renderTemplate('testMessage', { url: 'https://app.example/' });
    expect(mail.text).not.toMatch(/unsubscribe/i);
    expect(mail.html).not.toMatch(/unsubscribe/i);
    expect(mail.text).toContain('Sent by Ringcast.');
  });
});

describe('message ids', () => {
  it('gives each message id its own job id, BullMQ-safe, and a stable Message-ID', () => {
    const payload = (id: string) => ({ id, to: ['a@example.com'], subject: 's', text: 't', html: 'h' });
    expect(jobIdFor('sendMail', payload('password-reset:12'))).toBe('mail-password-reset%3A12');
    expect(jobIdFor('sendMail', payload('a%3Ab'))).not.toBe(jobIdFor('sendMail', payload('a:b')));
    expect(jobIdFor('sendMail', payload('a:b'))).not.toContain(':');
    expect(messageIdOf('password-reset:12')).toBe(messageIdOf('password-reset:12'));
    expect(messageIdOf('password-reset:12')).not.toBe(messageIdOf('password-reset:13'));
    expect(messageIdOf('x')).toMatch(/^<[0-9a-f]{40}@[^>]+>$/);
  });
});
