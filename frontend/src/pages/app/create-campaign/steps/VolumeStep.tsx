import { callCostCents, formatCents, VOLUME_CHOICES } from '@ringcast/shared-types';
import { CallingHoursFields } from '../../../../components/campaigns/CallingHoursFields';
import { useDraft } from '../useDraft';
import { WizardChoices } from './wizardFields';

/**
 * Step 6: calls per month, each priced with the shared tiers (the more calls, the cheaper each),
 * and optionally the hours and days to call in.
 */
export function VolumeStep() {
  const [draft, update] = useDraft();
  return (
    <>
      <WizardChoices
        aria-label="Monthly call volume"
        value={draft.monthlyCallVolume}
        choices={VOLUME_CHOICES.map((volume) => ({
          value: volume,
          title: `${volume.toLocaleString('en-US')} calls`,
          text: `${formatCents(callCostCents(volume), { dropZeroCents: true })}/month`,
        }))}
        onChange={(monthlyCallVolume) => update({ monthlyCallVolume })}
      />
      <section className="rc-wizard-calling-hours" aria-label="Calling hours">
        <h3 className="rc-wizard-subheading">When to call (optional)</h3>
        <CallingHoursFields
          value={draft.callingHours}
          onChange={(patch) => update({ callingHours: { ...draft.callingHours, ...patch } })}
        />
      </section>
    </>
  );
}
