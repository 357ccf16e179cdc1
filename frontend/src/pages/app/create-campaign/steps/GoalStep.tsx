import { Input } from 'antd';
import { FormField } from '../../../../components/form/FormField';
import { useDraft } from '../useDraft';

/** Step 3: the campaign's goal in the user's words. */
export function GoalStep() {
  const [draft, update] = useDraft();
  return (
    <FormField id="wizard-goal" label="Campaign Goal">
      <Input.TextArea
        id="wizard-goal"
        rows={6}
        maxLength={5000}
        placeholder="What should each call achieve? e.g. Book a 30-minute consultation with interested homeowners."
        value={draft.goal}
        onChange={(e) => update({ goal: e.target.value })}
      />
    </FormField>
  );
}
