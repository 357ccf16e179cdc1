import { Checkbox, Input, Radio, Select } from 'antd';
import { AGE_RANGES, formatCents, INDUSTRIES, TARGETED_LIST_CENTS } from '@ringcast/shared-types';
import { FormField } from '../../../../components/form/FormField';
import { formGridStyle } from '../../formLayout';
import { useDraft } from '../useDraft';
import { ProspectListUpload } from './ProspectListUpload';

const INDUSTRY_OPTIONS = INDUSTRIES.map((label) => ({ value: label.toLowerCase(), label }));
const AGE_OPTIONS = AGE_RANGES.map((range) => ({ value: range, label: range }));

/** Step 2: who is called, and where the list comes from (bought from us, or the user's own). */
export function AudienceStep() {
  const [draft, update] = useDraft();

  return (
    <>
      <div style={formGridStyle}>
        <FormField id="wizard-industry" label="Industry">
          <Select
            id="wizard-industry"
            placeholder="Select industry"
            options={INDUSTRY_OPTIONS}
            value={draft.audienceIndustry}
            onChange={(value: string) => update({ audienceIndustry: value })}
          />
        </FormField>
        <FormField id="wizard-age-range" label="Age Range">
          <Select
            id="wizard-age-range"
            placeholder="Select age range"
            options={AGE_OPTIONS}
            value={draft.audienceAgeRange}
            onChange={(value: string) => update({ audienceAgeRange: value })}
          />
        </FormField>
      </div>
      <FormField id="wizard-audience-other" label="Other Audience Details (optional)">
        <Input
          id="wizard-audience-other"
          maxLength={255}
          placeholder="e.g. Homeowners within 20 miles of Austin"
          value={draft.audienceOther}
          onChange={(e) => update({ audienceOther: e.target.value })}
        />
      </FormField>
      <div className="rc-field" role="group" aria-labelledby="wizard-list-label">
        <span id="wizard-list-label" className="rc-field-label">
          Prospect List
        </span>
        <Radio.Group
          className="rc-wizard-choices"
          aria-labelledby="wizard-list-label"
          value={draft.hasProvidedList === null ? null : draft.hasProvidedList ? 'upload' : 'purchase'}
          onChange={(e) => update({ hasProvidedList: e.target.value === 'upload' })}
        >
          <Radio value="purchase" className="rc-wizard-choice">
            <span className="rc-wizard-choice-title">Purchase Targeted List</span>
            <span className="rc-wizard-choice-text">
              {formatCents(TARGETED_LIST_CENTS, { dropZeroCents: true })} one-time: we build a list for your
              industry and age range.
            </span>
          </Radio>
          <Radio value="upload" className="rc-wizard-choice">
            <span className="rc-wizard-choice-title">Upload My Own List</span>
            <span className="rc-wizard-choice-text">Free: use your own contacts (CSV or Excel).</span>
          </Radio>
        </Radio.Group>
      </div>
      {draft.hasProvidedList && (
        <>
          <ProspectListUpload />
          <div className="rc-field" role="group" aria-label="Compliance">
            <Checkbox
              checked={draft.prospectsAreCurrentClients}
              onChange={(e) => update({ prospectsAreCurrentClients: e.target.checked })}
            >
              These are current clients of my business
            </Checkbox>
            <Checkbox
              checked={draft.prospectsOptedIn}
              onChange={(e) => update({ prospectsOptedIn: e.target.checked })}
            >
              These prospects have been checked and not on the &quot;Do Not Call&quot; list
            </Checkbox>
          </div>
        </>
      )}
    </>
  );
}
