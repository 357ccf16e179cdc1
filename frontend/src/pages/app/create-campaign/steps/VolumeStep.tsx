import { Radio } from 'antd';
import { callCostCents, formatCents, VOLUME_CHOICES } from '@ringcast/shared-types';
import { CallingHoursFields } from '../../../../components/campaigns/CallingHoursFields';
import { useDraft } from '../useDraft';

/**
 * Step 6: calls per month, each priced with the shared tiers (the more calls, the cheaper each),
 * and optionally the hours and days to call in.
 */
export function VolumeStep() {
  const [draft, update] = useDraft();
  return (
    <>
      <Radio.Group
        className="rc-wizard-choices"
        aria-label="Monthly call volume"
        value={draft.monthlyCallVolume}
        onChange={(e) => update({ monthlyCallVolume: e.target.value as number })}
      >
        {VOLUME_CHOICES.map((volume) => (
          <Radio key={volume} value={volume} className="rc-wizard-choice">
            <span className="rc-wizard-choice-title">{volume.toLocaleString('en-US')} calls</span>
            <span className="rc-wizard-choice-text">
              {formatCents(callCostCents(volume), { dropZeroCents: true })}/month
            </span>
          </Radio>
        ))}
      </Radio.Group>
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
