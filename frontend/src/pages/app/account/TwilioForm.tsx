import { Button, Input } from 'antd';
import { formatPhone, twilioSchema, type User } from '@ringcast/shared-types';
import { saveTwilioSettings } from '../../../api/profile';
import { toast } from '../../../components/toast/toastStore';
import { useAuthStore } from '../../../stores/authStore';
import { FormField, errorProps } from '../../../components/form/FormField';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { useFormSubmit } from '../../../components/form/useFormSubmit';
import { formGridStyle } from '../formLayout';
import { TwilioStatus } from './TwilioStatus';

interface TwilioFormProps {
  user: User;
  /** After a save; the parent remounts the form so the token field starts empty again. */
  onSaved: () => void;
}

/**
 * Account SID, Auth Token and Phone Number. The stored token never comes back, only its masked
 * form, shown as the token field's placeholder; every save sends the token again.
 */
export function TwilioForm({ user, onSaved }: TwilioFormProps) {
  const loadUser = useAuthStore((s) => s.loadUser);
  const form = useValidatedForm(twilioSchema, {
    twilioAccountSid: user.twilioAccountSid ?? '',
    twilioAuthToken: '',
    twilioPhoneNumber: user.twilioPhoneNumber ? formatPhone(user.twilioPhoneNumber) : '',
  });
  const { values, errors, setField } = form;
  const { pending, onSubmit } = useFormSubmit(
    form,
    async (input) => {
      await saveTwilioSettings(input);
      await loadUser();
      toast({ title: 'Twilio Configuration Updated', description: 'Your Twilio settings have been saved.' });
      onSaved();
    },
    'Failed to update Twilio configuration',
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Twilio">
      {user.twilioAccountSid && user.twilioAuthToken && user.twilioPhoneNumber && <TwilioStatus />}
      <div style={formGridStyle}>
        <TextField
          form={form}
          name="twilioAccountSid"
          id="twilio-sid"
          label="Account SID"
          autoComplete="off"
          spellCheck={false}
          placeholder="ACxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
        />
        <FormField id="twilio-token" label="Auth Token" error={errors.twilioAuthToken}>
          <Input.Password
            id="twilio-token"
            autoComplete="new-password"
            placeholder={user.twilioAuthToken ?? 'Your Twilio Auth Token'}
            value={values.twilioAuthToken}
            onChange={(e) => setField('twilioAuthToken', e.target.value)}
            {...errorProps('twilio-token', errors.twilioAuthToken)}
          />
        </FormField>
        <TextField
          form={form}
          name="twilioPhoneNumber"
          id="twilio-phone"
          label="Phone Number"
          type="tel"
          autoComplete="off"
          placeholder="(415) 555-0123 or +14155550123"
        />
      </div>
      <Button type="primary" htmlType="submit" loading={pending} style={{ marginTop: 20 }}>
        Save
      </Button>
    </form>
  );
}
