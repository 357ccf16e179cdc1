import { Input, Radio, Select } from 'antd';
import { Link } from 'react-router-dom';
import { AREA_CODES, areaCodeLabel } from '@ringcast/shared-types';
import { FormField } from '../../../../components/form/FormField';
import { useDraft } from '../useDraft';

const AREA_CODE_OPTIONS = AREA_CODES.map((entry) => ({ value: entry.code, label: areaCodeLabel(entry) }));

/** Step 7: websites the agent may reference, and which number the calls come from. */
export function CompanyStep() {
  const [draft, update] = useDraft();

  return (
    <>
      <FormField id="wizard-websites" label="Company Websites to Reference">
        <Input.TextArea
          id="wizard-websites"
          rows={4}
          maxLength={5000}
          placeholder={'https://yourcompany.com\nhttps://yourcompany.com/services'}
          value={draft.companyWebsites}
          onChange={(e) => update({ companyWebsites: e.target.value })}
        />
      </FormField>
      <p className="rc-wizard-hint">One URL per line.</p>
      <div className="rc-field" role="group" aria-labelledby="wizard-phone-label">
        <span id="wizard-phone-label" className="rc-field-label">
          Phone Number
        </span>
        <Radio.Group
          className="rc-wizard-choices"
          aria-labelledby="wizard-phone-label"
          value={draft.useProvidedNumber ? 'provided' : 'own'}
          onChange={(e) => update({ useProvidedNumber: e.target.value === 'provided' })}
        >
          <Radio value="own" className="rc-wizard-choice">
            <span className="rc-wizard-choice-title">Use My Twilio Number</span>
            <span className="rc-wizard-choice-text">Calls come from your own Twilio account.</span>
          </Radio>
          <Radio value="provided" className="rc-wizard-choice">
            <span className="rc-wizard-choice-title">Get a Number - $20/month</span>
            <span className="rc-wizard-choice-text">We provide a local number in the area you choose.</span>
          </Radio>
        </Radio.Group>
      </div>
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
        <p className="rc-wizard-note">
          Configure your Twilio credentials (Account SID, Auth Token and phone number) in{' '}
          <Link to="/account">Account settings</Link>. We&apos;ll contact you to complete the setup.
        </p>
      )}
    </>
  );
}
