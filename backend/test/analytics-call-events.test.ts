import { describe, expect, it } from 'vitest';
import { shownTimeZone } from '@ringcast/shared-types';
import { statDay } from '../src/services/analytics/statRows';
import { applyCallEvents } from '../src/services/calls/events';
import { analyticsRange, campaignAnalytics } from '../src/services/analytics/campaignAnalytics';
import { analyticsFromRecords } from './helpers/analyticsExpected';
import { eventsOf, expectSettledOnce, useSettleBatch } from './helpers/settleBatch';
import { shuffled } from './helpers/shuffled';

/**
 * The aggregates as Twilio's events settle calls: halves of one campaign's events applied by
 * batches at once, then all of them again (a redelivery). Each figure equals the records', and
 * nothing is counted twice.
 */
const { campaignInCalls } = useSettleBatch();

const figuresOf = (campaignId: number) => campaignAnalytics(campaignId, analyticsRange({}));
const expectedOf = (campaignId: number) => {
  const { from, to } = analyticsRange({});
  return analyticsFromRecords(campaignId, from, to, (zones) => shownTimeZone(zones.split(','))!);
};

describe('analytics through the call events', () => {
  it('batches of one campaign applied at once and again count each call once', async () => {
    const { campaign, calls } = await campaignInCalls(1);
    const events = shuffled(calls.flatMap(eventsOf));
    const halves = [events.filter((_, i) => i % 2 === 0), events.filter((_, i) => i % 2 === 1)];
    await Promise.all([applyCallEvents(halves[0]!), applyCallEvents(shuffled(halves[1]!))]);
    await expectSettledOnce(campaign.id, calls, 1);
    const figures = await figuresOf(campaign.id);
    expect(figures).toEqual(await expectedOf(campaign.id));
    expect(figures.totals.calls).toBe(calls.length);
    expect(figures.days.at(-1)!.date).toBe(statDay(new Date()));
    expect(figures.funnel.person + figures.beside.voicemail + figures.beside.noAnswer).toBeGreaterThan(0);
    expect(figures.heatmap.reduce((n, c) => n + c.placed, 0) + figures.heatmapLeftOut).toBe(calls.length);

    await applyCallEvents(shuffled(events));
    expect(await figuresOf(campaign.id)).toEqual(figures);
  });
});
