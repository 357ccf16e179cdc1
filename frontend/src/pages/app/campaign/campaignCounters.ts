import { formatDollars, formatSuccessRate, successRate, type Campaign } from '@ringcast/shared-types';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The campaign page's counters, label and shown value, from the campaign and its dialing state.
 * Rates are of the calls placed: pick-up rate is answered by a person / placed.
 */
export function campaignCounters(campaign: Campaign): [label: string, value: string][] {
  const dialing = campaign.dialing;
  const placed = campaign.totalCalls;
  const people = dialing?.answeredByPerson ?? 0;
  const volume = campaign.monthlyCallVolume;
  return [
    ['Calls placed', count(placed)],
    ['Answered by a person', count(people)],
    ['Pick-up rate', formatSuccessRate(successRate(people, placed))],
    ['Voicemails', count(dialing?.voicemails ?? 0)],
    ['Successful', count(campaign.successfulCalls)],
    ['Success rate', formatSuccessRate(successRate(campaign.successfulCalls, placed))],
    ['Cost', formatDollars(campaign.totalCost)],
    ['In flight now', count(dialing?.callsInFlight ?? 0)],
    ['Prospects left', count(dialing?.prospectsRemaining ?? 0)],
    [
      'Used this month',
      `${count(dialing?.monthBillableCalls ?? 0)}${volume === null ? '' : ` of ${count(volume)}`}`,
    ],
  ];
}
