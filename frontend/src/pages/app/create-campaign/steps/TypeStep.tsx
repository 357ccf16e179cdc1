import { CAMPAIGN_TYPE_LABELS, CAMPAIGN_TYPES, type CampaignType } from '@ringcast/shared-types';
import { useDraft } from '../useDraft';
import { DraftText, WizardChoices } from './wizardFields';

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
      <WizardChoices
        aria-label="Campaign type"
        value={draft.type}
        choices={CAMPAIGN_TYPES.map((type) => ({
          value: type,
          title: TYPE_TEXTS[type].label,
          text: TYPE_TEXTS[type].text,
        }))}
        onChange={(type) => update({ type })}
      />
      {draft.type === 'other' && (
        <DraftText
          field="customType"
          label="Custom Goal"
          maxLength={255}
          placeholder="e.g. Invite past clients to our open day"
        />
      )}
      <DraftText field="name" label="Campaign Name" maxLength={200} placeholder="e.g. Spring checkups" />
    </>
  );
}
