import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, RocketOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  AGENT_EDIT_ERRORS,
  awaitsPayment,
  CAMPAIGN_DELETE_ERRORS,
  canDeleteCampaign,
  canEditAgent,
  isEditableDraft,
  type Campaign,
} from '@ringcast/shared-types';
import { checkoutPath } from '../../../components/campaigns/checkoutPath';
import { PauseStartButton } from '../../../components/campaigns/PauseStartButton';
import { useCampaignActions } from './useCampaignActions';

/**
 * Pay & Launch for a draft awaiting payment, Pause/Start once paid (neither while a payment failed,
 * when the card's alert offers Update card, nor for a canceled campaign), Edit (a draft in the wizard, a running
 * campaign's agent) and Delete (drafts and canceled campaigns), each saying why when it is not offered.
 */
export function CampaignActions({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const { pending, toggleStatus, remove } = useCampaignActions(campaign);
  const editable = isEditableDraft(campaign.status);
  const deletable = canDeleteCampaign(campaign.status);

  // A draft opens in the wizard; a running campaign's agent in Edit agent (DESIGN decision 10).
  const agentEditable = canEditAgent(campaign.status);
  const editButton = (
    <Button
      icon={<EditOutlined />}
      disabled={!editable && !agentEditable}
      onClick={() =>
        navigate(editable ? `/campaigns/create?edit=${campaign.id}` : `/campaigns/${campaign.id}/agent`)
      }
    >
      {agentEditable ? 'Edit agent' : 'Edit'}
    </Button>
  );

  const deleteButton = (
    <Button
      danger
      icon={<DeleteOutlined />}
      loading={pending === 'delete'}
      disabled={!deletable || (pending !== null && pending !== 'delete')}
      onClick={() => void remove()}
    >
      Delete
    </Button>
  );

  return (
    <Space wrap className="rc-campaign-actions">
      {/* Billing moves these: a past_due card's alert carries Update card; a canceled one is read-only. */}
      {campaign.status === 'past_due' || campaign.status === 'canceled' ? null : awaitsPayment(campaign) ? (
        <Button
          type="primary"
          icon={<RocketOutlined />}
          disabled={pending !== null}
          onClick={() => navigate(checkoutPath(campaign.id, campaign))}
        >
          Pay &amp; Launch
        </Button>
      ) : (
        <PauseStartButton
          status={campaign.status}
          pending={pending === 'status'}
          busy={pending !== null}
          onClick={() => void toggleStatus()}
        />
      )}
      {editable || agentEditable ? (
        editButton
      ) : (
        <Tooltip title={AGENT_EDIT_ERRORS.notEditable}>{editButton}</Tooltip>
      )}
      {deletable ? (
        deleteButton
      ) : (
        <Tooltip title={CAMPAIGN_DELETE_ERRORS.notDeletable}>{deleteButton}</Tooltip>
      )}
    </Space>
  );
}
