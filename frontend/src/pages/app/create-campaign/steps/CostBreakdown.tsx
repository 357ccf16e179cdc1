import {
  BILLING_MESSAGES,
  campaignCosts,
  checkoutTotalCents,
  formatCents,
  MINIMUM_CHECKOUT_CENTS,
  prepaidCreditCents,
} from '@ringcast/shared-types';
import type { WizardDraft } from '../../../../components/campaigns/wizardDraft';

/**
 * The review's costs, all from the shared pricing: one-time list, monthly calls and number, the
 * prepaid credit the minimum first payment leaves, totals.
 */
export function CostBreakdown({ draft }: { draft: WizardDraft }) {
  const costs = campaignCosts(draft);
  const dueToday = checkoutTotalCents(draft);
  const calls = draft.monthlyCallVolume ?? 0;
  const creditCents = prepaidCreditCents(draft);
  const rows: [string, string][] = [
    [
      draft.hasProvidedList === false
        ? 'Targeted Prospect List (one-time)'
        : 'Prospect List (your own, one-time)',
      formatCents(costs.prospectListCents),
    ],
    [`Monthly Calls (${calls.toLocaleString('en-US')} calls)`, formatCents(costs.callsMonthlyCents)],
    [
      draft.useProvidedNumber ? 'Phone Number (monthly)' : 'Phone Number (your Twilio number)',
      formatCents(costs.phoneNumberMonthlyCents),
    ],
  ];

  return (
    <section aria-labelledby="wizard-costs-title">
      <h3 id="wizard-costs-title" className="rc-wizard-section-title">
        Cost Breakdown
      </h3>
      <table className="rc-wizard-costs">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr className="rc-wizard-total">
            <th scope="row">Setup Total (one-time)</th>
            <td>{formatCents(costs.setupTotalCents)}</td>
          </tr>
          <tr className="rc-wizard-total">
            <th scope="row">Monthly Total</th>
            <td>{formatCents(costs.monthlyTotalCents)}</td>
          </tr>
          {creditCents > 0 && (
            <tr>
              <th scope="row">{BILLING_MESSAGES.prepaidCredit}</th>
              <td>{formatCents(creditCents)}</td>
            </tr>
          )}
          <tr className="rc-wizard-total">
            <th scope="row">Due Today (setup and first month)</th>
            <td>{formatCents(dueToday)}</td>
          </tr>
        </tbody>
      </table>
      {creditCents > 0 && (
        <p className="rc-wizard-hint">
          The minimum first payment is {formatCents(MINIMUM_CHECKOUT_CENTS)}. It is not a monthly minimum: the{' '}
          {formatCents(creditCents)} your first month does not use stays as credit on your next invoices.
        </p>
      )}
    </section>
  );
}
