import { Button, Input, theme } from 'antd';
import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { sendContactMessage } from '../../../api/contact';
import { toast } from '../../../components/toast/toastStore';
import { contactToast, EMPTY_CONTACT_FORM, submitContactForm, type ContactFormValues } from './contactForm';

/** Name*, Email*, Company (optional), Message* and Send, posting to /api/contact. */
export function ContactForm() {
  const [values, setValues] = useState<ContactFormValues>(EMPTY_CONTACT_FORM);
  const [busy, setBusy] = useState(false);
  const idPrefix = useId();
  const { token } = theme.useToken();

  const bind = (field: keyof ContactFormValues) => ({
    id: `${idPrefix}-${field}`,
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await submitContactForm(values, sendContactMessage);
    setBusy(false);
    toast(contactToast(outcome));
    if (outcome.kind === 'sent') setValues(EMPTY_CONTACT_FORM);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 18,
        padding: 28,
        borderRadius: token.borderRadiusLG * 2,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <Field label="Name*" htmlFor={`${idPrefix}-name`}>
        <Input {...bind('name')} size="large" autoComplete="name" aria-required placeholder="Your name" />
      </Field>
      <Field label="Email*" htmlFor={`${idPrefix}-email`}>
        <Input
          {...bind('email')}
          type="email"
          size="large"
          autoComplete="email"
          aria-required
          placeholder="you@company.com"
        />
      </Field>
      <Field label="Company (optional)" htmlFor={`${idPrefix}-company`}>
        <Input {...bind('company')} size="large" autoComplete="organization" placeholder="Company name" />
      </Field>
      <Field label="Message*" htmlFor={`${idPrefix}-message`}>
        <Input.TextArea
          {...bind('message')}
          rows={5}
          aria-required
          placeholder="Tell us about your calls: what you want to automate and roughly how many a month."
        />
      </Field>
      <Button type="primary" htmlType="submit" size="large" disabled={busy}>
        {busy ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}

function Field({ label, htmlFor, children }: { label: string; htmlFor: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={htmlFor} style={{ display: 'block', fontWeight: 600, marginBottom: 6 }}>
        {label}
      </label>
      {children}
    </div>
  );
}
