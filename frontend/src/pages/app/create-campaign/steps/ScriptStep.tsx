import { useState } from 'react';
import { Button, Input, Tag } from 'antd';
import { ThunderboltOutlined } from '@ant-design/icons';
import {
  PLAYGROUND_NO_SCRIPTS,
  SCRIPT_FIELDS,
  SCRIPT_TYPE_LABELS,
  SCRIPT_TYPES,
  type ScriptType,
} from '@ringcast/shared-types';
import { generateScript } from '../../../../api/scripts';
import { showRequestError } from '../../../../api/errorPolicy';
import { toast } from '../../../../components/toast/toastStore';
import { useWizardStore } from '../../../../stores/wizardStore';
import { AgentPlayground } from '../../../../components/playground/AgentPlayground';
import { useDraftStore } from '../../../../components/campaigns/draftSource';
import { useDraft } from '../useDraft';
import { takeStartWhenReopened, useSavedDraftId } from '../useSavedDraftId';
import { AnalysisFieldsEditor } from '../../../../components/analysis/AnalysisFieldsEditor';
import { DocumentUpload } from './DocumentUpload';

const SCRIPT_LABELS: Record<ScriptType, { label: string; placeholder: string }> = {
  answering: {
    label: `${SCRIPT_TYPE_LABELS.answering} (required)`,
    placeholder: 'What the agent says when the call is answered.',
  },
  rebuttals: { label: SCRIPT_TYPE_LABELS.rebuttals, placeholder: 'Answers to common objections.' },
  questions: { label: SCRIPT_TYPE_LABELS.questions, placeholder: 'Questions the agent asks.' },
  afterAnswers: {
    label: SCRIPT_TYPE_LABELS.afterAnswers,
    placeholder: 'What the agent says once the questions are answered.',
  },
  notInterested: {
    label: SCRIPT_TYPE_LABELS.notInterested,
    placeholder: 'How the agent closes when the person is not interested.',
  },
  voicemail: { label: SCRIPT_TYPE_LABELS.voicemail, placeholder: 'The message left on voicemail.' },
  other: {
    label: `${SCRIPT_TYPE_LABELS.other} (additional instructions)`,
    placeholder: 'Anything else the agent should know or do.',
  },
};

/** One script's box, with the button that has AI write it from the draft. */
export function ScriptBox({
  scriptType,
  onGenerated,
}: {
  scriptType: ScriptType;
  onGenerated: (sandbox: boolean) => void;
}) {
  const [draft, update] = useDraft();
  const draftStore = useDraftStore();
  const [generating, setGenerating] = useState(false);
  const field = SCRIPT_FIELDS[scriptType];
  const id = `wizard-script-${scriptType}`;
  const { label, placeholder } = SCRIPT_LABELS[scriptType];

  const onGenerate = async () => {
    setGenerating(true);
    try {
      // The latest draft, so a script asked for right after typing includes what was typed.
      const { script, sandbox } = await generateScript(scriptType, draftStore.getState().draft);
      update({ [field]: script });
      onGenerated(sandbox);
      toast({
        title: 'Script Generated',
        description: 'AI has generated a script based on your campaign information.',
      });
    } catch (err) {
      showRequestError(err, {
        title: 'Generation Failed',
        fallback: 'Unable to generate script. Please try again or write manually.',
        fixed: true,
      });
    } finally {
      setGenerating(false);
    }
  };

  return (
    <div className="rc-field">
      <div className="rc-wizard-script-head">
        <label htmlFor={id} className="rc-field-label">
          {label}
        </label>
        <Button
          size="small"
          icon={<ThunderboltOutlined />}
          loading={generating}
          aria-label={`Generate ${label}`}
          onClick={onGenerate}
        >
          {generating ? 'Generating...' : 'Generate'}
        </Button>
      </div>
      <Input.TextArea
        id={id}
        autoSize={{ minRows: scriptType === 'answering' ? 5 : 3, maxRows: 14 }}
        maxLength={10000}
        placeholder={placeholder}
        value={draft[field]}
        onChange={(e) => update({ [field]: e.target.value })}
      />
    </div>
  );
}

/** What the model pulls out of each answered call, saved with the draft. */
function AnalysisFieldsSection() {
  const [draft, update] = useDraft();
  return (
    <section className="rc-field" aria-labelledby="wizard-analysis-title">
      <h3 id="wizard-analysis-title" className="rc-wizard-section-title">
        What to learn from each call
      </h3>
      <p className="rc-wizard-hint">
        After each answered call, the model fills these fields from the conversation, plus the caller&apos;s
        sentiment and whether the call met the goal. Optional; you can change them later on the
        campaign&apos;s page.
      </p>
      <AnalysisFieldsEditor
        value={draft.analysisFields ?? []}
        onChange={(analysisFields) => update({ analysisFields })}
      />
    </section>
  );
}

/**
 * Step 5: the seven scripts, each of which AI can write, what to learn from each call, documents
 * for the agent, and a try of it.
 */
export function ScriptStep() {
  const [sandbox, setSandbox] = useState(false);
  const savedDraftId = useSavedDraftId();
  const agentName = useWizardStore((s) => s.draft.aiAgentName);
  const hasOpening = useWizardStore((s) => Boolean(s.draft.scriptAnswering.trim()));
  const editingId = useWizardStore((s) => s.editingId);
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
      <AnalysisFieldsSection />
      <DocumentUpload />
      {/* Trying the agent saves the draft first: the agent reads the stored campaign. */}
      <AgentPlayground
        campaignId={savedDraftId}
        agentName={agentName}
        headingLevel={3}
        unavailable={hasOpening ? null : PLAYGROUND_NO_SCRIPTS}
        startsAtOnce={() => takeStartWhenReopened(editingId)}
        hint={
          editingId === null ? 'Starting saves this campaign as a draft, so the agent can read it.' : null
        }
      />
    </>
  );
}
