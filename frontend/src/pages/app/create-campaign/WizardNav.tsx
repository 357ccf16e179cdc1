import { Button } from 'antd';
import { toast } from '../../../components/toast/toastStore';
import { useWizardStore } from '../../../stores/wizardStore';
import { useDraft, useRuleContext } from './useDraft';
import { FIRST_STEP } from '../../../components/campaigns/wizardSteps';
import { canContinue, continueToast } from './wizardRules';

/** Back and Continue for steps 1 to 7 (step 8 has its own buttons). */
export function WizardNav({ step }: { step: number }) {
  const [draft] = useDraft();
  const context = useRuleContext();
  const next = useWizardStore((s) => s.next);
  const back = useWizardStore((s) => s.back);

  const onContinue = () => {
    const problem = continueToast(step, draft, context);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    next();
  };

  return (
    <div className="rc-wizard-nav">
      <Button onClick={back} disabled={step === FIRST_STEP}>
        Back
      </Button>
      <Button type="primary" onClick={onContinue} disabled={!canContinue(step, draft, context)}>
        Continue
      </Button>
    </div>
  );
}
