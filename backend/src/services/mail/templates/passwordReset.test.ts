import { describe, expect, it } from 'vitest';
import { renderTemplate } from './index';

const url = 'https://app.example.com/reset-password?token=abc_DEF-123';

describe('password emails', () => {
  it('the reset email holds the link in both versions, says how long it works, and has no unsubscribe link', () => {
    const mail = renderTemplate('passwordReset', { firstName: 'Ada', url, minutes: 60 });
    expect(mail.subject).toBe('Reset your Ringcast password');
    expect(mail.text).toContain(`Choose a new password: ${url}`);
    expect(mail.html).toContain(`href="${url}"`);
    expect(mail.text).toContain('60 minutes');
    expect(`${mail.text}${mail.html}`).not.toMatch(/unsubscribe/i);
  });

  it('the changed notice says when, points to the sign-in page, and has no unsubscribe link', () => {
    const mail = renderTemplate('passwordChanged', {
      firstName: '<Ada>',
      signInUrl: 'https://app.example.com/login',
      changedAt: '2026-12-06 18:40 UTC',
    });
    expect(mail.subject).toBe('Your Ringcast password was changed');
    expect(mail.text).toContain('Changed: 2026-12-06 18:40 UTC');
    expect(mail.html).toContain('href="https://app.example.com/login"');
    // The name is the user's own typing: escaped in the HTML.
    expect(mail.html).toContain('Hi &lt;Ada&gt;');
    expect(`${mail.text}${mail.html}`).not.toMatch(/unsubscribe/i);
  });
});
