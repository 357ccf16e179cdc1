import { useEffect, useRef, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../../components/PageLoading';
import { usePageMeta } from '../../../components/usePageMeta';
import { useWizardStore } from '../../../stores/wizardStore';
import { AgentStep } from './steps/AgentStep';
import { AudienceStep } from './steps/AudienceStep';
import { CompanyStep } from './steps/CompanyStep';
import { GoalStep } from './steps/GoalStep';
import { PaymentStep } from './steps/PaymentStep';
import { ScriptStep } from './steps/ScriptStep';
import { TypeStep } from './steps/TypeStep';
import { VolumeStep } from './steps/VolumeStep';
import { useEditDraft } from './useEditDraft';
import { WizardNav } from './WizardNav';
import { FIRST_STEP, LAST_STEP, STEPS } from '../../../components/campaigns/wizardSteps';
import './wizard.css';

const STEP_BODIES: Record<number, ComponentType> = {
  1: TypeStep,
  2: AudienceStep,
  3: GoalStep,
  4: AgentStep,
  5: ScriptStep,
  6: VolumeStep,
  7: CompanyStep,
  8: PaymentStep,
};

const editIdOf = (value: string | null) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 ? id : null;
};

const stepOf = (value: string | null) => {
  const step = Number(value);
  return value && Number.isInteger(step) && step >= FIRST_STEP && step <= LAST_STEP ? step : null;
};

/**
 * /campaigns/create: the eight-step wizard; ?edit=<id> edits a draft campaign instead, and
 * &step=<n> opens that step of it (checkout's "Fix the scripts" link).
 */
export function CreateCampaignPage() {
  usePageMeta({
    title: 'Create Campaign | Ringcast',
    description:
      'Set up a new AI voice call campaign in eight steps: type, audience, goal, agent, script, volume, company data and payment.',
  });
  const [params, setParams] = useSearchParams();
  const editId = editIdOf(params.get('edit'));
  const startStep = editId === null ? null : stepOf(params.get('step'));
  const ready = useEditDraft(editId);
  const step = useWizardStore((s) => s.step);
  const goTo = useWizardStore((s) => s.goTo);

  // Once the draft is loaded, open the asked-for step; the address then forgets it, so a reload
  // stays wherever the user has moved on to.
  useEffect(() => {
    if (!ready || startStep === null) return;
    goTo(startStep);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('step');
        return next;
      },
      { replace: true },
    );
  }, [ready, startStep, goTo, setParams]);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // After Back or Continue, keyboard and screen-reader users land on the new step's title.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const Body = STEP_BODIES[step];
  const { title } = STEPS[step - 1];

  return (
    <>
      <header className="rc-page-header">
        <h1 className="rc-page-title">{editId ? 'Edit Campaign' : 'Create Campaign'}</h1>
      </header>
      {ready ? (
        <section className="rc-wizard" aria-labelledby="wizard-step-title">
          {/* The spec keeps the progress indicator hidden; screen readers still hear it. */}
          <p className="rc-visually-hidden">
            Step {step} of {LAST_STEP}
          </p>
          <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className="rc-wizard-title">
            {title}
          </h2>
          <div className="rc-wizard-body" style={{ marginTop: 20 }}>
            <Body />
          </div>
          {step < LAST_STEP && <WizardNav step={step} />}
        </section>
      ) : (
        <PageLoading />
      )}
    </>
  );
}
