import { Button } from 'antd';
import { formatPhone, profileSchema, type User } from '@ringcast/shared-types';
import { saveProfile } from '../../../api/profile';
import { toast } from '../../../components/toast/toastStore';
import { useAuthStore } from '../../../stores/authStore';
import { TextField } from '../../../components/form/TextField';
import { useValidatedForm } from '../../../components/form/useValidatedForm';
import { useFormSubmit } from '../../../components/form/useFormSubmit';
import { formGridStyle } from '../formLayout';

type ProfileValues = {
  firstName: string;
  lastName: string;
  email: string;
  companyName: string;
  phoneNumber: string;
};

const FIELDS: {
  name: keyof ProfileValues;
  label: string;
  type?: string;
  autoComplete: string;
  hint?: string;
}[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
  {
    name: 'companyName',
    label: 'Company Name',
    autoComplete: 'organization',
    hint: 'Your calls open with this name. Campaigns do not dial without it.',
  },
  {
    name: 'phoneNumber',
    label: 'Phone Number',
    type: 'tel',
    autoComplete: 'tel',
    hint: 'The callback number your agent gives and your voicemails leave. Campaigns do not dial without it.',
  },
];

const valuesOf = (user: User): ProfileValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  email: user.email ?? '',
  companyName: user.companyName ?? '',
  // Stored as E.164; shown as people write it.
  phoneNumber: user.phoneNumber ? formatPhone(user.phoneNumber) : '',
});

/** First Name, Last Name, Email Address, Company Name, Phone Number and Save. */
export function ProfileForm({ user }: { user: User }) {
  const loadUser = useAuthStore((s) => s.loadUser);
  const form = useValidatedForm(profileSchema, valuesOf(user));
  const { pending, onSubmit } = useFormSubmit(
    form,
    async (input) => {
      await saveProfile(input);
      await loadUser();
      toast({ title: 'Profile Updated', description: 'Your profile has been saved.' });
    },
    'Failed to update profile',
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Profile">
      <div style={formGridStyle}>
        {FIELDS.map(({ name, label, type, autoComplete, hint }) => (
          <TextField
            key={name}
            form={form}
            name={name}
            id={`profile-${name}`}
            label={label}
            hint={hint}
            type={type}
            autoComplete={autoComplete}
          />
        ))}
      </div>
      <Button type="primary" htmlType="submit" loading={pending} style={{ marginTop: 20 }}>
        Save
      </Button>
    </form>
  );
}
