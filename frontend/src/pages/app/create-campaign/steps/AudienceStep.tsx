import { Checkbox, Select } from 'antd';
import { AGE_RANGES, formatCents, INDUSTRIES, TARGETED_LIST_CENTS } from '@ringcast/shared-types';
import { FormField } from '../../../../components/form/FormField';
import { formGridStyle } from '../../formLayout';
import { useDraft } from '../useDraft';
import { ProspectListUpload } from './ProspectListUpload';
import { DraftText, FieldGroup, WizardChoices } from './wizardFields';

const INDUSTRY_OPTIONS = INDUSTRIES.map((label) => ({ value: label.toLowerCase(), label }));
const AGE_OPTIONS = AGE_RANGES.map((range) => ({ value: range, label: range }));

const LIST_CHOICES = [
  {
    value: 'purchase',
    title: 'Purchase Targeted List',
    text: `${formatCents(TARGETED_LIST_CENTS, { dropZeroCents: true })} one-time: we build a list for your industry and age range.`,
  },
  { value: 'upload', title: 'Upload My Own List', text: 'Free: use your own contacts (CSV or Excel).' },
];

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
      <DraftText
        field="audienceOther"
        label="Other Audience Details (optional)"
        maxLength={255}
        placeholder="e.g. Homeowners within 20 miles of Austin"
      />
      <FieldGroup id="wizard-list-label" label="Prospect List">
        <WizardChoices
          aria-labelledby="wizard-list-label"
          value={draft.hasProvidedList === null ? null : draft.hasProvidedList ? 'upload' : 'purchase'}
          choices={LIST_CHOICES}
          onChange={(choice) => update({ hasProvidedList: choice === 'upload' })}
        />
      </FieldGroup>
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
