import { Button, Input } from 'antd';
import { createSupportTicketSchema, type User } from '@ringcast/shared-types';
import { toast } from '../../../components/toast/toastStore';
import { useTicketsStore } from '../../../stores/ticketsStore';
import { FormField, errorProps } from '../../../components/form/FormField';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { useFormSubmit } from '../../../components/form/useFormSubmit';
import { formGridStyle } from '../formLayout';

interface SupportFormProps {
  user: User;
  /** After a ticket is created; the parent remounts the form so it starts empty. */
  onCreated: () => void;
}

/** The user's name and email (read-only), Subject, Message and Send. */
export function SupportForm({ user, onCreated }: SupportFormProps) {
  const createTicket = useTicketsStore((s) => s.createTicket);
  const form = useValidatedForm(createSupportTicketSchema, { subject: '', message: '' });
  const { values, errors, setField } = form;
  const { pending, onSubmit } = useFormSubmit(
    form,
    async (input) => {
      await createTicket(input);
      toast({
        title: 'Support Ticket Created',
        description: "Your support ticket has been submitted. We'll get back to you soon!",
      });
      onCreated();
    },
    'Failed to create support ticket',
  );
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Contact support">
      <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
        <div style={formGridStyle}>
          <FormField id="support-name" label="Name">
            <Input id="support-name" value={name} readOnly variant="filled" />
          </FormField>
          <FormField id="support-email" label="Email">
            <Input id="support-email" value={user.email} readOnly variant="filled" />
          </FormField>
        </div>
        <TextField
          form={form}
          name="subject"
          id="support-subject"
          label="Subject"
          placeholder="What do you need help with?"
        />
        <FormField id="support-message" label="Message" error={errors.message}>
          <Input.TextArea
            id="support-message"
            rows={5}
            placeholder="Describe the issue or question in a few sentences."
            value={values.message}
            onChange={(e) => setField('message', e.target.value)}
            {...errorProps('support-message', errors.message)}
          />
        </FormField>
      </div>
      <Button type="primary" htmlType="submit" loading={pending} style={{ marginTop: 20 }}>
        Send
      </Button>
    </form>
  );
}
