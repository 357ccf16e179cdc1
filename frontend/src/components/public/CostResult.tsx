import { CheckCircleFilled } from '@ant-design/icons';
import { BASE_RATE_CENTS, formatCents } from '@ringcast/shared-types';
import type { CostQuote } from './costCalculator';
import { SIGN_UP_PATH } from '../authLinks';
import { LinkButton } from './LinkButton';
import { Text } from './Typography';

/** The calculator's result: total, cost per call, call count, volume savings and the sign-up button. */
export function CostResult({ quote }: { quote: CostQuote }) {
  const stats = [
    { label: 'Total per month', value: quote.total, testId: 'calculator-total' },
    { label: 'Cost per call', value: quote.perCall, testId: 'calculator-per-call' },
    { label: 'Calls per month', value: quote.callsLabel, testId: 'calculator-calls' },
  ];

  return (
    <div aria-live="polite" style={{ marginTop: 24 }}>
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(150px, 1fr))',
          gap: 12,
          textAlign: 'center',
        }}
      >
        {stats.map((stat) => (
          <div
            key={stat.label}
            style={{
              padding: 16,
              borderRadius: 'var(--ant-border-radius-lg)',
              background: 'var(--ant-color-fill-quaternary)',
            }}
          >
            <div
              data-testid={stat.testId}
              style={{ fontSize: 26, fontWeight: 700, color: 'var(--ant-color-text)' }}
            >
              {stat.value}
            </div>
            <Text type="secondary">{stat.label}</Text>
          </div>
        ))}
      </div>
      {quote.savings && (
        <div
          data-testid="calculator-discount"
          style={{
            marginTop: 16,
            padding: '12px 16px',
            borderRadius: 'var(--ant-border-radius-lg)',
            background: 'var(--ant-color-success-bg)',
            border: '1px solid var(--ant-color-success-border)',
          }}
        >
          <Text strong style={{ color: 'var(--ant-color-success-text)' }}>
            <CheckCircleFilled aria-hidden style={{ marginRight: 8 }} />
            Volume Discount Applied
          </Text>
          <div>
            You save {quote.savings} a month compared with paying {formatCents(BASE_RATE_CENTS)} for every
            call.
          </div>
        </div>
      )}
      <LinkButton to={SIGN_UP_PATH} size="large" block style={{ marginTop: 20 }}>
        {quote.buttonLabel}
      </LinkButton>
    </div>
  );
}
