import { Card } from 'antd';
import type { CampaignAnalytics } from '@ringcast/shared-types';
import { formatCount, formatPercent } from './analyticsFormat';
import { BESIDE_ITEMS, funnelSteps } from './funnel';

/**
 * Placed calls down to the booked or transferred ones, each step with its rate of the step before
 * and of the calls placed; the calls that never reached a person, and those received, beside it.
 */
export function FunnelCard({ analytics }: { analytics: CampaignAnalytics }) {
  const steps = funnelSteps(analytics.funnel);
  return (
    <Card
      className="rc-analytics-funnel-card"
      title={<h2 className="rc-campaign-heading">Funnel</h2>}
      role="region"
      aria-label="Funnel"
    >
      <p className="rc-analytics-caption">Calls the campaign placed in the range, step by step.</p>
      <div className="rc-analytics-funnel-layout">
        <ol className="rc-analytics-funnel">
          {steps.map((step, i) => (
            <li key={step.key} role="group" aria-label={step.label} data-step={step.key} title={step.counts}>
              <div className="rc-analytics-step-head">
                <span className="rc-analytics-step-label">{step.label}</span>
                <strong className="rc-analytics-step-count" data-count={step.count}>
                  {formatCount(step.count)}
                </strong>
              </div>
              <div className="rc-analytics-step-bar" aria-hidden>
                <span style={{ width: `${(step.ofPlaced ?? 0) * 100}%` }} />
              </div>
              <div className="rc-analytics-step-rates">
                {i > 0 && <span>{formatPercent(step.ofPrevious)} of the step before</span>}
                <span>{formatPercent(step.ofPlaced)} of placed</span>
              </div>
            </li>
          ))}
        </ol>
        <div className="rc-analytics-beside">
          <h3>Beside the funnel</h3>
          <dl>
            {BESIDE_ITEMS.map((item) => (
              <div key={item.key} role="group" aria-label={item.label} title={item.counts}>
                <dt>{item.label}</dt>
                <dd data-count={analytics.beside[item.key]}>{formatCount(analytics.beside[item.key])}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </Card>
  );
}
