import { formatDollars, formatSuccessRate, successRate, type Campaign } from '@ringcast/shared-types';
import { campaignBilling, formatPeriod } from '../../../components/billing/campaignBilling';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The campaign page's counters, label and shown value, from the campaign and its dialing state.
 * The calls it placed and those rung into its number are counted apart; the rates are of every
 * call handled (totalCalls, both kinds), as the counters they divide count both: pick-up rate is
 * answered by a person / handled.
 */
export function campaignCounters(campaign: Campaign): [label: string, value: string, note?: string][] {
  const dialing = campaign.dialing;
  const handled = campaign.totalCalls;
  const received = campaign.receivedCalls ?? 0;
  const people = dialing?.answeredByPerson ?? 0;
  return [
    ['Calls placed', count(Math.max(handled - received, 0))],
    ['Calls received', count(received)],
    ['Answered by a person', count(people)],
    ['Pick-up rate', formatSuccessRate(successRate(people, handled))],
    ['Voicemails', count(dialing?.voicemails ?? 0)],
    ['Successful', count(campaign.successfulCalls)],
    ['Success rate', formatSuccessRate(successRate(campaign.successfulCalls, handled))],
    ['Cost', formatDollars(campaign.totalCost)],
    ['In flight now', count(dialing?.callsInFlight ?? 0)],
    ['Prospects left', count(dialing?.prospectsRemaining ?? 0)],
    usedCounter(campaign),
  ];
}

/** The dialer's period: the one the count covers, else the campaign's subscription period. */
function countedPeriod(campaign: Campaign): string | null {
  const dialing = campaign.dialing as { periodStart?: unknown; periodEnd?: unknown } | undefined;
  if (typeof dialing?.periodStart === 'string' && typeof dialing.periodEnd === 'string')
    return formatPeriod(dialing.periodStart, dialing.periodEnd);
  const billing = campaignBilling(campaign);
  return formatPeriod(billing.currentPeriodStart, billing.currentPeriodEnd);
}

/**
 * The monthly volume used: of the subscription's billing period with its dates once it is known
 * (the dialer counts within it), of the calendar month before.
 */
function usedCounter(campaign: Campaign): [string, string, string?] {
  const volume = campaign.monthlyCallVolume;
  const used = `${count(campaign.dialing?.monthBillableCalls ?? 0)}${volume === null ? '' : ` of ${count(volume)}`}`;
  const period = countedPeriod(campaign);
  return period ? ['Calls of this billing period', used, period] : ['Used this month', used];
}
