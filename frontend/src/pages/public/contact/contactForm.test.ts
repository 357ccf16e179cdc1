import { describe, expect, it, vi } from 'vitest';
import { contactToast, EMPTY_CONTACT_FORM, hasMissingRequired, submitContactForm } from './contactForm';

const filled = { name: 'Dana Smith', email: 'dana@example.com', company: '', message: 'Tell me more.' };

describe('hasMissingRequired', () => {
  it('needs name, email and message', () => {
    expect(hasMissingRequired(EMPTY_CONTACT_FORM)).toBe(true);
    expect(hasMissingRequired({ ...filled, name: '' })).toBe(true);
    expect(hasMissingRequired({ ...filled, email: '  ' })).toBe(true);
    expect(hasMissingRequired({ ...filled, message: '' })).toBe(true);
  });

  it('does not need the company', () => {
    expect(hasMissingRequired(filled)).toBe(false);
  });
});

describe('submitContactForm', () => {
  it('sends nothing when a required field is missing', async () => {
    const send = vi.fn();
    expect(await submitContactForm({ ...filled, message: '' }, send)).toEqual({ kind: 'missing' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends nothing for an invalid email', async () => {
    const send = vi.fn();
    const outcome = await submitContactForm({ ...filled, email: 'not-an-email' }, send);
    expect(outcome).toEqual({ kind: 'invalid', message: 'Please enter a valid email' });
    expect(send).not.toHaveBeenCalled();
  });

  it('sends name, email, company and message, trimmed', async () => {
    const send = vi.fn().mockResolvedValue(undefined);
    const outcome = await submitContactForm({ ...filled, name: ' Dana Smith ', company: 'Acme' }, send);
    expect(outcome).toEqual({ kind: 'sent' });
    expect(send).toHaveBeenCalledWith({
      name: 'Dana Smith',
      email: 'dana@example.com',
      company: 'Acme',
      message: 'Tell me more.',
    });
  });

  it('reports a failed request', async () => {
    const send = vi.fn().mockRejectedValue(new Error('500: boom'));
    expect(await submitContactForm(filled, send)).toEqual({ kind: 'failed' });
  });
});

describe('contactToast', () => {
  it('uses the spec texts', () => {
    expect(contactToast({ kind: 'missing' })).toEqual({
      title: 'Missing information',
      description: 'Please fill in all required fields.',
      variant: 'destructive',
    });
    expect(contactToast({ kind: 'sent' })).toEqual({
      title: 'Message sent!',
      description: "We'll get back to you within 24 hours.",
    });
    expect(contactToast({ kind: 'failed' })).toEqual({
      title: 'Error',
      description: 'Failed to send message. Please try again.',
      variant: 'destructive',
    });
  });
});
