import { Select } from 'antd';
import { Link } from 'react-router-dom';
import { AREA_CODES, areaCodeLabel, formatPhone, type User } from '@ringcast/shared-types';
import { useAuthStore } from '../../../../stores/authStore';
import { FormField } from '../../../../components/form/FormField';
import { TransferDestinationsFields } from '../../../../components/transfers/TransferDestinationsFields';
import { useDraft } from '../useDraft';
import { DraftText, FieldGroup, WizardChoices } from './wizardFields';

const PHONE_CHOICES = [
  { value: 'own', title: 'Use My Twilio Number', text: 'Calls come from your own Twilio account.' },
  {
    value: 'provided',
    title: 'Get a Number - $20/month',
    text: 'We provide a local number in the area you choose.',
  },
];
const AREA_CODE_OPTIONS = AREA_CODES.map((entry) => ({ value: entry.code, label: areaCodeLabel(entry) }));

/** The account's own Twilio number, once its credentials (SID, token and number) are all saved. */
const savedTwilioNumber = (user: User | null) =>
  user?.twilioAccountSid && user.twilioAuthToken && user.twilioPhoneNumber ? user.twilioPhoneNumber : null;

/** Which number the calls come from: set up already, or still to configure on the account page. */
function OwnNumberNote() {
  const saved = savedTwilioNumber(useAuthStore((s) => s.user));
  if (saved)
    return (
      <p className="rc-wizard-note" role="status">
        Your Twilio number {formatPhone(saved)} is set up: calls will come from it. You can change it in{' '}
        <Link to="/account">Account settings</Link>.
      </p>
    );
  return (
    <p className="rc-wizard-note">
      Configure your Twilio credentials (Account SID, Auth Token and phone number) in{' '}
      <Link to="/account">Account settings</Link>. We&apos;ll contact you to complete the setup.
    </p>
  );
}

/** Step 7: websites the agent may reference, which number the calls come from, and whom the agent transfers to. */
export function CompanyStep() {
  const [draft, update] = useDraft();

  return (
    <>
      <DraftText
        field="companyWebsites"
        label="Company Websites to Reference"
        rows={4}
        maxLength={5000}
        placeholder={'https://yourcompany.com\nhttps://yourcompany.com/services'}
      />
      <p className="rc-wizard-hint">One URL per line.</p>
      <FieldGroup id="wizard-phone-label" label="Phone Number">
        <WizardChoices
          aria-labelledby="wizard-phone-label"
          value={draft.useProvidedNumber ? 'provided' : 'own'}
          choices={PHONE_CHOICES}
          onChange={(choice) => update({ useProvidedNumber: choice === 'provided' })}
        />
      </FieldGroup>
      {draft.useProvidedNumber ? (
        <FormField id="wizard-area-code" label="Area Code">
          <Select
            id="wizard-area-code"
            placeholder="Select an area code"
            showSearch={{ optionFilterProp: 'label' }}
            options={AREA_CODE_OPTIONS}
            value={draft.providedNumberAreaCode}
            onChange={(value: string) => update({ providedNumberAreaCode: value })}
          />
        </FormField>
      ) : (
        <OwnNumberNote />
      )}
      <FieldGroup id="wizard-transfers-label" label="Transfer Numbers">
        <TransferDestinationsFields
          value={draft.transferDestinations}
          onChange={(transferDestinations) => update({ transferDestinations })}
        />
      </FieldGroup>
    </>
  );
}
