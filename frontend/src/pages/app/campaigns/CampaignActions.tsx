import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, RocketOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  awaitsPayment,
  CAMPAIGN_CHANGE_ERRORS,
  CAMPAIGN_DELETE_ERRORS,
  canDeleteCampaign,
  isEditableDraft,
  type Campaign,
} from '@ringcast/shared-types';
import { checkoutPath } from '../../../components/campaigns/checkoutPath';
import { PauseStartButton } from '../../../components/campaigns/PauseStartButton';
import { useCampaignActions } from './useCampaignActions';

/**
 * Pay & Launch for a draft awaiting payment, Pause/Start once paid, Edit and Delete (drafts only,
 * each saying why when it is not offered).
 */
export function CampaignActions({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const { pending, toggleStatus, remove } = useCampaignActions(campaign);
  const editable = isEditableDraft(campaign.status);
  const deletable = canDeleteCampaign(campaign.status);

  const editButton = (
    <Button
      icon={<EditOutlined />}
      disabled={!editable}
      onClick={() => navigate(`/campaigns/create?edit=${campaign.id}`)}
    >
      Edit
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
      {awaitsPayment(campaign) ? (
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
      {editable ? editButton : <Tooltip title={CAMPAIGN_CHANGE_ERRORS.notDraft}>{editButton}</Tooltip>}
      {deletable ? (
        deleteButton
      ) : (
        <Tooltip title={CAMPAIGN_DELETE_ERRORS.notDeletable}>{deleteButton}</Tooltip>
      )}
    </Space>
  );
}
