import { formatDollars, formatSuccessRate, successRate, type Campaign } from '@ringcast/shared-types';

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The campaign page's counters, label and shown value, from the campaign and its dialing state.
 * The calls it placed and those rung into its number are counted apart; the rates are of every
 * call handled (totalCalls, both kinds), as the counters they divide count both: pick-up rate is
 * answered by a person / handled.
 */
export function campaignCounters(campaign: Campaign): [label: string, value: string][] {
  const dialing = campaign.dialing;
  const handled = campaign.totalCalls;
  const received = campaign.receivedCalls ?? 0;
  const people = dialing?.answeredByPerson ?? 0;
  const volume = campaign.monthlyCallVolume;
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
    [
      'Used this month',
      `${count(dialing?.monthBillableCalls ?? 0)}${volume === null ? '' : ` of ${count(volume)}`}`,
    ],
  ];
}
