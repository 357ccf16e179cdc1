import { Alert, Tag } from 'antd';
import {
  AGENT_FIELD_LABELS,
  isScriptField,
  SCRIPTS_REVIEW_NOTICE,
  type AgentField,
  type Campaign,
} from '@ringcast/shared-types';

/** What the owner reads before a script change is saved: the campaign stops calling until review. */
export function scriptsReviewWarning(status: Campaign['status']): string {
  return status === 'active'
    ? `${SCRIPTS_REVIEW_NOTICE} The campaign stays active meanwhile; calls resume on their own once approved.`
    : SCRIPTS_REVIEW_NOTICE;
}

/** The last step: what the save changes, and what a script change means for the calls. */
export function AgentReviewStep({ campaign, changed }: { campaign: Campaign; changed: AgentField[] }) {
  if (!changed.length)
    return (
      <p className="rc-wizard-lead" role="status">
        Nothing has changed yet. Go back to a step to change the agent.
      </p>
    );
  return (
    <>
      <p className="rc-wizard-lead">
        Saving makes version {campaign.agentVersion + 1} of the agent, which takes the calls from the next one
        on (calls in progress finish with the version they started with). It changes:
      </p>
      <div className="rc-agent-edit-changes" aria-label="What changes">
        {changed.map((field) => (
          <Tag key={field}>{AGENT_FIELD_LABELS[field]}</Tag>
        ))}
      </div>
      {changed.some(isScriptField) ? (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title="The scripts go back to review"
          description={scriptsReviewWarning(campaign.status)}
        />
      ) : (
        <p className="rc-wizard-hint">The scripts do not change, so no new review is needed.</p>
      )}
    </>
  );
}
