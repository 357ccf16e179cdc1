import { Button } from 'antd';
import { addDoNotCallSchema } from '@ringcast/shared-types';
import { addDoNotCall, type DoNotCallScope } from '../../api/doNotCall';
import { TextField } from '../form/TextField';
import { useFormSubmit } from '../form/useFormSubmit';
import { useValidatedForm } from '../form/useValidatedForm';
import { toast } from '../toast/toastStore';

/** A number (any common US format) and an optional reason, put on the list; remounted empty after each. */
export function DoNotCallAddForm({ scope, onAdded }: { scope: DoNotCallScope; onAdded: () => void }) {
  const form = useValidatedForm(addDoNotCallSchema, { phoneNumber: '', reason: '' });
  const { pending, onSubmit } = useFormSubmit(
    form,
    async ({ phoneNumber, reason }) => {
      const entry = await addDoNotCall(scope, { phoneNumber, reason: reason || null });
      toast({ title: 'Number Added', description: `${entry.phoneNumber} will not be called.` });
      onAdded();
    },
    'Could not add the number.',
  );
  return (
    <form className="rc-dnc-add" onSubmit={onSubmit} noValidate aria-label="Add a number">
      <TextField
        form={form}
        name="phoneNumber"
        id={`dnc-${scope}-phone`}
        label="Phone number"
        inputMode="tel"
      />
      <TextField
        form={form}
        name="reason"
        id={`dnc-${scope}-reason`}
        label="Reason (optional)"
        maxLength={255}
      />
      <Button type="primary" htmlType="submit" loading={pending} className="rc-dnc-add-button">
        Add
      </Button>
    </form>
  );
}
