import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import {
  CAMPAIGN_CHANGE_ERRORS,
  isEditableDraft,
  toggleTargetFor,
  type Campaign,
} from '@ringcast/shared-types';
import { useCampaignActions } from './useCampaignActions';

/** Pause/Start, Edit (drafts only, in the wizard) and Delete. */
export function CampaignActions({ campaign }: { campaign: Campaign }) {
  const navigate = useNavigate();
  const { pending, toggleStatus, remove } = useCampaignActions(campaign);
  const toggle = toggleTargetFor(campaign.status);
  const editable = isEditableDraft(campaign.status);

  const editButton = (
    <Button
      icon={<EditOutlined />}
      disabled={!editable}
      onClick={() => navigate(`/campaigns/create?edit=${campaign.id}`)}
    >
      Edit
    </Button>
  );

  return (
    <Space wrap className="rc-campaign-actions">
      <Button
        type={toggle.status === 'active' ? 'primary' : 'default'}
        icon={toggle.status === 'active' ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
        loading={pending === 'status'}
        disabled={pending !== null && pending !== 'status'}
        onClick={() => void toggleStatus()}
      >
        {toggle.label}
      </Button>
      {editable ? editButton : <Tooltip title={CAMPAIGN_CHANGE_ERRORS.notDraft}>{editButton}</Tooltip>}
      <Button
        danger
        icon={<DeleteOutlined />}
        loading={pending === 'delete'}
        disabled={pending !== null && pending !== 'delete'}
        onClick={() => void remove()}
      >
        Delete
      </Button>
    </Space>
  );
}
