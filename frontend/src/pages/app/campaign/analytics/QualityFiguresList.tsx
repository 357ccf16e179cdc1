import type { QualityFigures } from '@ringcast/shared-types';
import { countOf, formatCount, formatMs } from './analyticsFormat';
import './figures.css';

/** Response times and counts over a range: a campaign's, or every campaign's for an admin. */
export function QualityFiguresList({ quality }: { quality: QualityFigures }) {
  const items: [string, string, string][] = [
    ['Response p50', formatMs(quality.p50Ms), 'Half our replies came this fast or faster.'],
    ['Response p95', formatMs(quality.p95Ms), 'All but the slowest 5 % of our replies.'],
    ['Replies measured', formatCount(quality.turns), `In ${countOf(quality.calls, 'analysed call')}.`],
    [
      'Callee interrupted',
      formatCount(quality.calleeInterruptions),
      'Times the callee talked over the agent.',
    ],
    ['Agent interrupted', formatCount(quality.agentInterruptions), 'Times the agent talked over the callee.'],
    ['Silences', formatCount(quality.silences), 'Pauses over 3 s in a conversation.'],
  ];
  return (
    <dl className="rc-analytics-figures">
      {items.map(([label, value, counts]) => (
        <div key={label} className="rc-analytics-figure" role="group" aria-label={label}>
          <dt>{label}</dt>
          <dd className="rc-analytics-figure-value">{value}</dd>
          <dd className="rc-analytics-caption">{counts}</dd>
        </div>
      ))}
    </dl>
  );
}
