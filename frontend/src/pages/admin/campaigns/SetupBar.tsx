import { SETUP_STEP_COUNT, setupProgress, type SetupFlags } from '@ringcast/shared-types';
import { SetupSegments } from '../../../components/campaigns/SetupSegments';

/** Spec §2/§9: setup progress as a bar and 'n/8 Complete'. */
export function SetupBar({ campaign }: { campaign: SetupFlags }) {
  const done = setupProgress(campaign);
  return (
    <div className="rc-admin-setup">
      <div className="rc-admin-setup-head">
        <span>Setup Progress</span>
        <span className="rc-admin-setup-count" data-testid="setup-count">
          {done}/{SETUP_STEP_COUNT} Complete
        </span>
      </div>
      <SetupSegments campaign={campaign} />
    </div>
  );
}
