import { Progress } from 'antd';
import { SETUP_STEP_COUNT, setupProgress, type SetupFlags } from '@ringcast/shared-types';

/** Spec §2/§9: setup progress as a bar and 'n/8 Complete'. */
export function SetupBar({ campaign }: { campaign: SetupFlags }) {
  const done = setupProgress(campaign);
  const label = `${done}/${SETUP_STEP_COUNT} Complete`;
  return (
    <div className="rc-admin-setup">
      <div className="rc-admin-setup-head">
        <span>Setup Progress</span>
        <span className="rc-admin-setup-count" data-testid="setup-count">
          {label}
        </span>
      </div>
      <Progress
        percent={(done / SETUP_STEP_COUNT) * 100}
        showInfo={false}
        strokeColor="var(--rc-primary)"
        size="small"
        aria-label="Setup progress"
        aria-valuetext={`${done} of ${SETUP_STEP_COUNT} setup steps complete`}
      />
    </div>
  );
}
