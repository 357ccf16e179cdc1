import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Steps } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { AGENT_EDIT_ERRORS, canEditAgent, type Campaign } from '@ringcast/shared-types';
import { fetchCampaign } from '../../../api/calls';
import { requestErrorSentence, requestFailureOf } from '../../../api/errorPolicy';
import { CampaignStatusTag } from '../../../components/campaigns/CampaignStatusTag';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { PageLoading } from '../../../components/PageLoading';
import { toast } from '../../../components/toast/toastStore';
import { usePageMeta } from '../../../components/usePageMeta';
import { agentChanges, useAgentEditStore } from '../../../stores/agentEditStore';
import { DraftSourceContext, type DraftStore } from '../../../components/campaigns/draftSource';
import { canContinue } from '../create-campaign/wizardRules';
import { AgentReviewStep } from './AgentReviewStep';
import { AGENT_EDIT_STEPS } from './agentSteps';
import { useSaveAgent } from './useSaveAgent';
import '../create-campaign/wizard.css';
import './editAgent.css';

const agentDraftStore = useAgentEditStore as unknown as DraftStore;

/** Reads the campaign; a draft goes to the wizard, a campaign that cannot be edited back to its page. */
function useLaunchedCampaign(id: number) {
  const navigate = useNavigate();
  const open = useAgentEditStore((s) => s.open);
  const [campaign, setCampaign] = useState<Campaign | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!id) return;
    let cancelled = false;
    fetchCampaign(id)
      .then((read) => {
        if (cancelled) return;
        if (read.status === 'draft') return navigate(`/campaigns/create?edit=${id}`, { replace: true });
        if (!canEditAgent(read.status)) {
          toast({ title: 'Error', description: AGENT_EDIT_ERRORS.notEditable, variant: 'destructive' });
          return navigate(`/campaigns/${id}`, { replace: true });
        }
        open(read);
        setCampaign(read);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        if (requestFailureOf(err) === 'missing') return setMissing(true);
        toast({
          title: 'Error',
          description: requestErrorSentence(err, 'Failed to load the campaign'),
          variant: 'destructive',
        });
        navigate('/campaigns', { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [id, navigate, open]);
  return { campaign, missing };
}

function AgentEditor({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const draft = useAgentEditStore((s) => s.draft);
  const baseline = useAgentEditStore((s) => s.baseline);
  const { saving, save } = useSaveAgent(campaign.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [index]);

  const { wizardStep, title, Body } = AGENT_EDIT_STEPS[index];
  const last = index === AGENT_EDIT_STEPS.length - 1;
  const changed = agentChanges(baseline, draft);
  // Every step before the one asked for must be complete, as the wizard's Continue requires.
  const reachable = (target: number) =>
    AGENT_EDIT_STEPS.slice(0, target).every(
      (step) => step.wizardStep === null || canContinue(step.wizardStep, draft),
    );

  return (
    <>
      <Steps
        size="small"
        className="rc-agent-edit-steps"
        current={index}
        onChange={(target) => reachable(target) && setIndex(target)}
        items={AGENT_EDIT_STEPS.map((step) => ({ title: step.label }))}
      />
      <section className="rc-wizard" aria-labelledby="agent-edit-step-title">
        <h2 id="agent-edit-step-title" ref={heading} tabIndex={-1} className="rc-wizard-title">
          {title}
        </h2>
        <div className="rc-wizard-body" style={{ marginTop: 20 }}>
          {Body ? <Body /> : <AgentReviewStep campaign={campaign} changed={changed} />}
        </div>
        <div className="rc-wizard-nav">
          <Button onClick={() => setIndex(index - 1)} disabled={index === 0}>
            Back
          </Button>
          <div className="rc-wizard-nav-end">
            <Button onClick={() => navigate(`/campaigns/${campaign.id}`)}>Cancel</Button>
            {last ? (
              <Button type="primary" loading={saving} disabled={!changed.length} onClick={() => void save()}>
                Save changes
              </Button>
            ) : (
              <Button
                type="primary"
                onClick={() => setIndex(index + 1)}
                disabled={wizardStep !== null && !canContinue(wizardStep, draft)}
              >
                Continue
              </Button>
            )}
          </div>
        </div>
      </section>
    </>
  );
}

/**
 * /campaigns/:id/agent: Edit agent of an active or paused campaign, the wizard's steps 3-5 and the
 * company data, then a review; each save is a new version of the agent (DESIGN decision 10).
 */
export function EditAgentPage() {
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0;
  usePageMeta({
    title: 'Edit Agent | Ringcast',
    description: "Change a running campaign's goal, AI agent, scripts, documents and company data.",
  });
  const { campaign, missing } = useLaunchedCampaign(valid ? id : 0);
  if (!valid || missing) return <NotFoundPage />;
  return (
    <DraftSourceContext.Provider value={agentDraftStore}>
      <Link to={`/campaigns/${id}`} className="rc-agent-edit-back">
        <ArrowLeftOutlined /> {campaign?.name ?? 'Campaign'}
      </Link>
      <header className="rc-page-header">
        <h1 className="rc-page-title">
          Edit agent {campaign && <CampaignStatusTag status={campaign.status} />}
        </h1>
      </header>
      <p className="rc-agent-edit-lead">
        Change the goal, the agent, the scripts, the documents and the company websites. Each save is a new
        version of the agent, which the campaign page lists and can restore. The call volume, the prospect
        list and the phone number stay as launched.
      </p>
      {campaign ? <AgentEditor campaign={campaign} /> : <PageLoading />}
    </DraftSourceContext.Provider>
  );
}
