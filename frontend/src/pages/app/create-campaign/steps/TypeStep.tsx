import { Input, Radio } from 'antd';
import { CAMPAIGN_TYPE_LABELS, CAMPAIGN_TYPES, type CampaignType } from '@ringcast/shared-types';
import { FormField } from '../../../../components/form/FormField';
import { useDraft } from '../useDraft';

const TYPE_TEXTS: Record<CampaignType, { label: string; text: string }> = {
  appointment: {
    label: CAMPAIGN_TYPE_LABELS.appointment,
    text: 'Call prospects and book them into your calendar.',
  },
  birthday: {
    label: CAMPAIGN_TYPE_LABELS.birthday,
    text: 'Wish your clients a happy birthday, with an offer if you like.',
  },
  quote: { label: CAMPAIGN_TYPE_LABELS.quote, text: 'Qualify prospects and set up a quote.' },
  retention: { label: CAMPAIGN_TYPE_LABELS.retention, text: 'Check in with clients and keep them with you.' },
  'follow-up': {
    label: CAMPAIGN_TYPE_LABELS['follow-up'],
    text: 'Follow up with leads who showed interest.',
  },
  other: { label: 'Other (custom goal)', text: 'Describe your own goal for the calls.' },
};

/** Step 1: the campaign type, its name and, for type other, the custom goal. */
export function TypeStep() {
  const [draft, update] = useDraft();

  return (
    <>
      <Radio.Group
        className="rc-wizard-choices"
        aria-label="Campaign type"
        value={draft.type}
        onChange={(e) => update({ type: e.target.value as CampaignType })}
      >
        {CAMPAIGN_TYPES.map((type) => (
          <Radio key={type} value={type} className="rc-wizard-choice">
            <span className="rc-wizard-choice-title">{TYPE_TEXTS[type].label}</span>
            <span className="rc-wizard-choice-text">{TYPE_TEXTS[type].text}</span>
          </Radio>
        ))}
      </Radio.Group>
      {draft.type === 'other' && (
        <FormField id="wizard-custom-type" label="Custom Goal">
          <Input
            id="wizard-custom-type"
            maxLength={255}
            placeholder="e.g. Invite past clients to our open day"
            value={draft.customType}
            onChange={(e) => update({ customType: e.target.value })}
          />
        </FormField>
      )}
      <FormField id="wizard-name" label="Campaign Name">
        <Input
          id="wizard-name"
          maxLength={200}
          placeholder="e.g. Spring checkups"
          value={draft.name}
          onChange={(e) => update({ name: e.target.value })}
        />
      </FormField>
    </>
  );
}
