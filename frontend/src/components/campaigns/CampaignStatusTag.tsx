import { Tag } from 'antd';

const COLORS: Record<string, string> = {
  draft: 'default',
  active: 'green',
  paused: 'gold',
  completed: 'blue',
  past_due: 'red',
  canceled: 'default',
};

/** How a status reads where it is not a single word. */
const LABELS: Record<string, string> = { past_due: 'past due' };

/** A campaign's status as a coloured badge; a status we do not know is shown as it is. */
export function CampaignStatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLORS[status] ?? 'default'} data-status={status} style={{ marginInlineEnd: 0 }}>
      {LABELS[status] ?? status}
    </Tag>
  );
}
