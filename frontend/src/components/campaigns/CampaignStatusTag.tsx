import { Tag } from 'antd';

const COLORS: Record<string, string> = {
  draft: 'default',
  active: 'green',
  paused: 'gold',
  completed: 'blue',
};

/** A campaign's status as a coloured badge; a status we do not know is shown as it is. */
export function CampaignStatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {status}
    </Tag>
  );
}
