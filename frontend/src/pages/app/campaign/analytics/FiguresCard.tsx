import type { ReactNode } from 'react';
import { Card } from 'antd';
import { SENTIMENT_LABELS, SENTIMENTS, formatDollars, type CampaignAnalytics } from '@ringcast/shared-types';
import {
  countOf,
  formatCount,
  formatMoneyOrDash,
  formatPercent,
  formatTalkTime,
  rateOf,
} from './analyticsFormat';
import './figures.css';

function Figure({ label, value, counts }: { label: string; value: ReactNode; counts: string }) {
  return (
    <div className="rc-analytics-figure" role="group" aria-label={label}>
      <dt>{label}</dt>
      <dd className="rc-analytics-figure-value">{value}</dd>
      <dd className="rc-analytics-caption">{counts}</dd>
    </div>
  );
}

/** Cost, cost per success and per booking, talk time, the sentiment split and the goal met. */
export function FiguresCard({ analytics: a }: { analytics: CampaignAnalytics }) {
  const sentimentTotal = SENTIMENTS.reduce((sum, s) => sum + a.sentiment[s], 0);
  const adjusted = a.totals.adjustments;
  return (
    <Card
      title={<h2 className="rc-campaign-heading">Money and time</h2>}
      role="region"
      aria-label="Money and time"
    >
      <dl className="rc-analytics-figures">
        <Figure
          label="Total cost"
          value={formatDollars(a.totals.cost)}
          counts={`Charged for ${countOf(a.totals.calls, 'call')}, placed and received${
            adjusted ? `, with ${formatDollars(adjusted.cost)} of adjustments` : ''
          }.`}
        />
        <Figure
          label="Cost per successful call"
          value={formatMoneyOrDash(a.costPerSuccessful)}
          counts={`Total cost over ${countOf(a.totals.successful, 'successful call')}.`}
        />
        <Figure
          label="Cost per booked appointment"
          value={formatMoneyOrDash(a.costPerBooked)}
          counts={`Total cost over ${countOf(a.booked, 'appointment')} booked on a call.`}
        />
        <Figure
          label="Average talk time"
          value={formatTalkTime(a.talkTime.averageSeconds)}
          counts={`Of ${countOf(a.talkTime.calls, 'call')} a person answered.`}
        />
        <Figure
          label="Median talk time"
          value={formatTalkTime(a.talkTime.medianSeconds)}
          counts="Half the answered calls were this long or shorter."
        />
        <Figure
          label="Goal met"
          value={formatPercent(rateOf(a.analysis.goalMet, a.analysis.analysed))}
          counts={`${formatCount(a.analysis.goalMet)} of ${countOf(a.analysis.analysed, 'analysed conversation')} met the campaign's goal.`}
        />
        <Figure
          label="Sentiment"
          value={
            <ul className="rc-analytics-sentiment">
              {SENTIMENTS.map((s) => (
                <li key={s} data-sentiment={s}>
                  <span>{SENTIMENT_LABELS[s]}</span> <strong>{formatCount(a.sentiment[s])}</strong>{' '}
                  <span className="rc-analytics-muted">
                    {formatPercent(rateOf(a.sentiment[s], sentimentTotal))}
                  </span>
                </li>
              ))}
            </ul>
          }
          counts="The callee's mood in each analysed conversation."
        />
        <Figure
          label="Transferred"
          value={formatCount(a.transferred)}
          counts="Calls whose transfer connected, placed and received."
        />
      </dl>
    </Card>
  );
}
