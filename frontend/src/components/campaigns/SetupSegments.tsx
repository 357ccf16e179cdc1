import { Tooltip } from 'antd';
import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import {
  SETUP_FLAGS,
  SETUP_FLAG_LABELS,
  SETUP_STEP_COUNT,
  setupProgress,
  type SetupFlags,
} from '@ringcast/shared-types';
import './setupSegments.css';

/** Which of the eight steps are done, as the bar's tooltip lists them. */
function StepStates({ campaign }: { campaign: SetupFlags }) {
  return (
    <ul className="rc-setup-legend" aria-label="Setup steps done">
      {SETUP_FLAGS.map((flag) => (
        <li key={flag} data-done={campaign[flag]}>
          {campaign[flag] ? <CheckCircleFilled aria-hidden /> : <ClockCircleOutlined aria-hidden />}{' '}
          {SETUP_FLAG_LABELS[flag]}: {campaign[flag] ? 'Complete' : 'Pending'}
        </li>
      ))}
    </ul>
  );
}

/**
 * Setup progress as eight segments read left to right: n steps done fill the first n, whichever
 * steps they are (the team does them in any order); the tooltip names which are done. The owner's
 * and the admin's cards both show it.
 */
export function SetupSegments({ campaign }: { campaign: SetupFlags }) {
  const done = setupProgress(campaign);
  return (
    <Tooltip title={<StepStates campaign={campaign} />} placement="bottomLeft">
      <div
        className="rc-setup-bar"
        role="progressbar"
        tabIndex={0}
        aria-label="Setup progress"
        aria-valuemin={0}
        aria-valuemax={SETUP_STEP_COUNT}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${SETUP_STEP_COUNT} setup steps complete`}
      >
        {Array.from({ length: SETUP_STEP_COUNT }, (_, index) => (
          <span key={index} className={index < done ? 'done' : undefined} />
        ))}
      </div>
    </Tooltip>
  );
}
