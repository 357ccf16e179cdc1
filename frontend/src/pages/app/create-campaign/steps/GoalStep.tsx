import { DraftText } from './wizardFields';

/** Step 3: the campaign's goal in the user's words. */
export function GoalStep() {
  return (
    <DraftText
      field="goal"
      label="Campaign Goal"
      rows={6}
      maxLength={5000}
      placeholder="What should each call achieve? e.g. Book a 30-minute consultation with interested homeowners."
    />
  );
}
