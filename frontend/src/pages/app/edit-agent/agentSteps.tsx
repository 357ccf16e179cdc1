import { useState, type ComponentType } from 'react';
import { Tag } from 'antd';
import { SCRIPT_TYPES } from '@ringcast/shared-types';
import { STEPS } from '../../../components/campaigns/wizardSteps';
import { AgentStep } from '../create-campaign/steps/AgentStep';
import { DocumentUpload } from '../create-campaign/steps/DocumentUpload';
import { GoalStep } from '../create-campaign/steps/GoalStep';
import { ScriptBox } from '../create-campaign/steps/ScriptStep';
import { DraftText } from '../create-campaign/steps/wizardFields';

/** Step 5 for a launched campaign: the scripts and documents (trying the agent is on its page). */
function AgentScriptStep() {
  const [sandbox, setSandbox] = useState(false);
  return (
    <>
      {sandbox && (
        <p className="rc-wizard-hint">
          <Tag color="gold">Sandbox mode</Tag> Scripts are composed from templates because no OpenAI API key
          is configured.
        </p>
      )}
      {SCRIPT_TYPES.map((scriptType) => (
        <ScriptBox key={scriptType} scriptType={scriptType} onGenerated={setSandbox} />
      ))}
      <DocumentUpload />
    </>
  );
}

/** Step 7 for a launched campaign: the company data only; the phone number goes through billing. */
function CompanyWebsitesStep() {
  return (
    <>
      <DraftText
        field="companyWebsites"
        label="Company Websites to Reference"
        rows={4}
        maxLength={5000}
        placeholder={'https://yourcompany.com\nhttps://yourcompany.com/services'}
      />
      <p className="rc-wizard-hint">One URL per line.</p>
    </>
  );
}

export interface AgentEditStep {
  /** The wizard step it is (its rules decide Continue); null for the last, review and save. */
  wizardStep: number | null;
  label: string;
  title: string;
  Body: ComponentType | null;
}

const wizard = (step: number, Body: ComponentType, title: string = STEPS[step - 1].title): AgentEditStep => ({
  wizardStep: step,
  label: STEPS[step - 1].label,
  title,
  Body,
});

/**
 * What Edit agent walks: the wizard's steps 3-5 and the company data, then a review that says what
 * the save changes. The volume, the list and the number stay as launched.
 */
export const AGENT_EDIT_STEPS: readonly AgentEditStep[] = [
  wizard(3, GoalStep),
  wizard(4, AgentStep),
  wizard(5, AgentScriptStep),
  wizard(7, CompanyWebsitesStep, 'Company Data'),
  { wizardStep: null, label: 'Review', title: 'Review and Save', Body: null },
];
