import { useId, useState } from 'react';
import { Button } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import {
  SETUP_FLAGS,
  SETUP_FLAG_LABELS,
  SETUP_STEP_COUNT,
  setupProgress,
  type SetupFlags,
} from '@ringcast/shared-types';
import { SetupSegments } from '../../../components/campaigns/SetupSegments';

/** The eight setup steps as a bar with n/8, and a toggle listing each step's state. */
export function SetupProgress({ campaign }: { campaign: SetupFlags }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const done = setupProgress(campaign);

  return (
    <div className="rc-setup">
      <div className="rc-setup-head">
        <span>Setup Progress</span>
        <span className="rc-setup-count">
          {done}/{SETUP_STEP_COUNT}
        </span>
      </div>
      <SetupSegments campaign={campaign} />
      <Button
        type="link"
        size="small"
        className="rc-setup-toggle"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
        icon={open ? <UpOutlined /> : <DownOutlined />}
        iconPlacement="end"
      >
        View Setup Details
      </Button>
      {open && (
        <ul id={detailsId} className="rc-setup-details" aria-label="Setup steps">
          {SETUP_FLAGS.map((flag) => (
            <li key={flag} data-done={campaign[flag]}>
              {campaign[flag] ? (
                <CheckCircleFilled className="rc-setup-icon done" aria-hidden />
              ) : (
                <ClockCircleOutlined className="rc-setup-icon" aria-hidden />
              )}
              <span>{SETUP_FLAG_LABELS[flag]}</span>
              <span className="rc-setup-state">{campaign[flag] ? 'Complete' : 'Pending'}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
