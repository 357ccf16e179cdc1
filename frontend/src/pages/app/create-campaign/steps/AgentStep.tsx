import { Button, Radio } from 'antd';
import { tonesOf, TONES, VOICES } from '@ringcast/shared-types';
import { useDraft } from '../useDraft';
import { toggleTone } from '../../../../components/campaigns/wizardDraft';
import { DraftText, FieldGroup } from './wizardFields';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Step 4: the agent's name, voice and tones (several may be chosen). */
export function AgentStep() {
  const [draft, update] = useDraft();
  const tones = tonesOf(draft.aiAgentTone);

  return (
    <>
      <DraftText field="aiAgentName" label="Agent Name" maxLength={100} placeholder="e.g. Ava" />
      <FieldGroup id="wizard-voice-label" label="Voice">
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-labelledby="wizard-voice-label"
          value={draft.aiAgentVoice}
          options={VOICES.map((voice) => ({ value: voice, label: capitalize(voice) }))}
          onChange={(e) => update({ aiAgentVoice: e.target.value as string })}
        />
      </FieldGroup>
      <FieldGroup id="wizard-tone-label" label="Tone">
        <p className="rc-wizard-hint">Choose one or more.</p>
        <div className="rc-wizard-toggles">
          {TONES.map((tone) => {
            const on = tones.includes(tone);
            return (
              <Button
                key={tone}
                type={on ? 'primary' : 'default'}
                aria-pressed={on}
                onClick={() => update({ aiAgentTone: toggleTone(draft.aiAgentTone, tone) })}
              >
                {capitalize(tone)}
              </Button>
            );
          })}
        </div>
      </FieldGroup>
    </>
  );
}
