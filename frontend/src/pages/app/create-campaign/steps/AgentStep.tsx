import { Button, Input, Radio } from 'antd';
import { tonesOf, TONES, VOICES } from '@ringcast/shared-types';
import { FormField } from '../../../../components/form/FormField';
import { useDraft } from '../useDraft';
import { toggleTone } from '../../../../components/campaigns/wizardDraft';

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Step 4: the agent's name, voice and tones (several may be chosen). */
export function AgentStep() {
  const [draft, update] = useDraft();
  const tones = tonesOf(draft.aiAgentTone);

  return (
    <>
      <FormField id="wizard-agent-name" label="Agent Name">
        <Input
          id="wizard-agent-name"
          maxLength={100}
          placeholder="e.g. Ava"
          value={draft.aiAgentName}
          onChange={(e) => update({ aiAgentName: e.target.value })}
        />
      </FormField>
      <div className="rc-field" role="group" aria-labelledby="wizard-voice-label">
        <span id="wizard-voice-label" className="rc-field-label">
          Voice
        </span>
        <Radio.Group
          optionType="button"
          buttonStyle="solid"
          aria-labelledby="wizard-voice-label"
          value={draft.aiAgentVoice}
          options={VOICES.map((voice) => ({ value: voice, label: capitalize(voice) }))}
          onChange={(e) => update({ aiAgentVoice: e.target.value as string })}
        />
      </div>
      <div className="rc-field" role="group" aria-labelledby="wizard-tone-label">
        <span id="wizard-tone-label" className="rc-field-label">
          Tone
        </span>
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
      </div>
    </>
  );
}
