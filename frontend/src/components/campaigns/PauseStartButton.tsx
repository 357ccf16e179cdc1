import { Button } from 'antd';
import { PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { toggleTargetFor, type CampaignStatus } from '@ringcast/shared-types';

/** Pause for a running campaign, Start for a paused one: on its card and on its page. */
export function PauseStartButton({
  status,
  pending,
  busy,
  onClick,
}: {
  status: CampaignStatus;
  /** This button's own request is under way. */
  pending: boolean;
  /** Another action of the campaign is under way. */
  busy: boolean;
  onClick: () => void;
}) {
  const toggle = toggleTargetFor(status);
  const starts = toggle.status === 'active';
  return (
    <Button
      type={starts ? 'primary' : 'default'}
      icon={starts ? <PlayCircleOutlined /> : <PauseCircleOutlined />}
      loading={pending}
      disabled={busy && !pending}
      onClick={onClick}
    >
      {toggle.label}
    </Button>
  );
}
