import { Button } from 'antd';
import { CheckOutlined, EditOutlined } from '@ant-design/icons';
import { AGE_RANGES, CAMPAIGN_TYPE_LABELS, INDUSTRIES } from '@ringcast/shared-types';
import { ScriptPlaceholderWarning } from '../../../../components/campaigns/ScriptPlaceholderWarning';
import { useWizardStore } from '../../../../stores/wizardStore';
import { useDraft } from '../useDraft';
import { useSaveCampaign } from '../useSaveCampaign';
import { CostBreakdown } from './CostBreakdown';

const INCLUDED = [
  'AI voice calls',
  'Real-time analytics and reporting',
  'Management dashboard',
  '24/7 support',
  'Automatic volume discounts',
];

/** Step 5, Write Call Script. */
const SCRIPT_STEP = 5;

const industryLabel = (value: string | null) =>
  INDUSTRIES.find((label) => label.toLowerCase() === value) ?? value ?? 'Not set';

/** Step 8: what was chosen, what it costs, and the two ways to save it. */
export function PaymentStep() {
  const [draft] = useDraft();
  const back = useWizardStore((s) => s.back);
  const goTo = useWizardStore((s) => s.goTo);
  const { pending, save } = useSaveCampaign();
  const type = draft.type ? CAMPAIGN_TYPE_LABELS[draft.type] : 'Not set';
  const summary: [string, string][] = [
    ['Campaign Name', draft.name.trim() || 'Not set'],
    [
      'Campaign Type',
      draft.type === 'other' && draft.customType.trim() ? `${type}: ${draft.customType.trim()}` : type,
    ],
    ['Industry', industryLabel(draft.audienceIndustry)],
    ['Age Range', AGE_RANGES.find((range) => range === draft.audienceAgeRange) ?? 'Not set'],
    [
      'AI Agent',
      draft.aiAgentName.trim()
        ? `${draft.aiAgentName.trim()} (${draft.aiAgentVoice ?? 'no'} voice)`
        : 'Not set',
    ],
    ['Monthly Calls', draft.monthlyCallVolume ? draft.monthlyCallVolume.toLocaleString('en-US') : 'Not set'],
  ];

  return (
    <>
      <ScriptPlaceholderWarning
        scripts={draft}
        fix={
          <Button icon={<EditOutlined />} onClick={() => goTo(SCRIPT_STEP)}>
            Fix the scripts
          </Button>
        }
      />
      <section aria-labelledby="wizard-summary-title">
        <h3 id="wizard-summary-title" className="rc-wizard-section-title">
          Campaign Summary
        </h3>
        <dl className="rc-wizard-summary">
          {summary.map(([term, value]) => (
            <div key={term} style={{ display: 'contents' }}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <CostBreakdown draft={draft} />
      <section aria-labelledby="wizard-included-title">
        <h3 id="wizard-included-title" className="rc-wizard-section-title">
          What&apos;s Included
        </h3>
        <ul className="rc-wizard-files">
          {INCLUDED.map((item) => (
            <li key={item} className="rc-wizard-file">
              <CheckOutlined aria-hidden style={{ color: '#16a34a' }} />
              {item}
            </li>
          ))}
        </ul>
      </section>
      <div className="rc-wizard-nav">
        <Button onClick={back} disabled={pending !== null}>
          Back
        </Button>
        <div className="rc-wizard-nav-end">
          <Button onClick={() => save('draft')} disabled={pending !== null} loading={pending === 'draft'}>
            {pending === 'draft' ? 'Creating...' : 'Save as Draft'}
          </Button>
          <Button
            type="primary"
            onClick={() => save('payment')}
            disabled={pending !== null}
            loading={pending === 'payment'}
          >
            Proceed to Payment
          </Button>
        </div>
      </div>
    </>
  );
}
