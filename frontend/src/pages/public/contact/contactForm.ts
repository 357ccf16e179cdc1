import { contactSchema, MISSING_INFORMATION, validateInput, type ContactInput } from '@ringcast/shared-types';
import type { ToastInput } from '../../../components/toast/toastStore';

export interface ContactFormValues {
  name: string;
  email: string;
  company: string;
  message: string;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', email: '', company: '', message: '' };

export type ContactOutcome =
  { kind: 'missing' } | { kind: 'invalid'; message: string } | { kind: 'sent' } | { kind: 'failed' };

/** Name, email and message are required; blanks count as missing. */
export function hasMissingRequired(values: ContactFormValues): boolean {
  return [values.name, values.email, values.message].some((value) => value.trim() === '');
}

/**
 * Checks the form and sends it. Nothing is sent when a required field is missing or the input
 * fails the shared contact schema.
 */
export async function submitContactForm(
  values: ContactFormValues,
  send: (input: ContactInput) => Promise<unknown>,
): Promise<ContactOutcome> {
  if (hasMissingRequired(values)) return { kind: 'missing' };
  const checked = await validateInput(contactSchema, values);
  if (!checked.ok) return { kind: 'invalid', message: checked.message };
  try {
    await send(checked.value);
    return { kind: 'sent' };
  } catch {
    return { kind: 'failed' };
  }
}

/** The toast each outcome shows. */
export function contactToast(outcome: ContactOutcome): ToastInput {
  switch (outcome.kind) {
    case 'missing':
      return { ...MISSING_INFORMATION, variant: 'destructive' };
    case 'invalid':
      return { title: 'Error', description: outcome.message, variant: 'destructive' };
    case 'sent':
      return { title: 'Message sent!', description: "We'll get back to you within 24 hours." };
    case 'failed':
      return {
        title: 'Error',
        description: 'Failed to send message. Please try again.',
        variant: 'destructive',
      };
  }
}
