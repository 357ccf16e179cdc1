import { formatDollars, formatSuccessRate } from '@ringcast/shared-types';
import './callNumbers.css';

interface CallNumbersProps {
  totalCalls: number;
  successfulCalls: number;
  /** Percent, 1 decimal (successRate from shared-types). */
  successRate: number;
  totalCost: string;
}

/** The four call figures a campaign card and a dashboard row show. */
export function CallNumbers({ totalCalls, successfulCalls, successRate, totalCost }: CallNumbersProps) {
  const items = [
    ['Total Calls', totalCalls.toLocaleString('en-US')],
    ['Successful Calls', successfulCalls.toLocaleString('en-US')],
    ['Success Rate', formatSuccessRate(successRate)],
    ['Total Cost', formatDollars(totalCost)],
  ] as const;
  return (
    <dl className="rc-call-numbers">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
