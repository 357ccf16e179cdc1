import { describe, expect, it } from 'vitest';
import type { CampaignDialing } from '@ringcast/shared-types';
import { Campaign, CampaignProspect } from '../src/db/models';
import { setDialerClock } from '../src/services/calls/shared';
import {
  sweepClosedCallingAreas,
  callingAreasOf,
  callingRulesOf,
  decideProspectsAgain,
  ProspectWaits,
} from '../src/services/calls/dispatch';
import { at, dispatchRun, prospectOf, queuedNumbers, useDialerRules } from './helpers/dialerRules';

/** The dispatcher's calling windows in each prospect's zone: who is called when, and who waits until when. */
const { readyCampaign } = useDialerRules();

describe('calling windows in each prospect’s zone', () => {
  it('calls each prospect only inside its own window, with the reason and the next time stored', async () => {
    const ny = '+12127450106';
    const chicago = '+13127450106';
    const losAngeles = '+12137450106';
    const phoenix = '+16027450106';
    const honolulu = '+18087450106';
    const made = await readyCampaign([ny, chicago, losAngeles, phoenix, honolulu]);
    const { campaign } = made;

    // Wednesday 09:30 in New York, 08:30 in Chicago, 06:30 in Los Angeles and Phoenix, 03:30 in Honolulu.
    await dispatchRun(at('2026-07-01T13:30:00Z'));
    expect(await queuedNumbers(campaign.id)).toEqual([ny, chicago].sort());
    for (const [number, next] of [
      [losAngeles, '2026-07-01T15:00:00Z'],
      [phoenix, '2026-07-01T15:00:00Z'],
      [honolulu, '2026-07-01T18:00:00Z'],
    ]) {
      const prospect = await prospectOf(campaign.id, number);
      expect(prospect).toMatchObject({ state: 'scheduled', reason: 'outside_hours' });
      expect(prospect.nextAttemptAt).toEqual(at(next));
    }

    // The campaign page says when the next calls go out, and where.
    setDialerClock(() => at('2026-07-01T13:31:00Z'));
    try {
      const page = await made.client.get(`/api/campaigns/${campaign.id}`);
      expect((page.json.dialing as CampaignDialing).nextCallAt).toBe('2026-07-01T15:00:00.000Z');
      expect((page.json.dialing as CampaignDialing).nextCallTimeZone).toMatch(
        /^America\/(Los_Angeles|Phoenix)$/,
      );
    } finally {
      setDialerClock(null);
    }

    await dispatchRun(at('2026-07-01T14:59:00Z'));
    expect(await queuedNumbers(campaign.id)).toHaveLength(2);
    await dispatchRun(at('2026-07-01T15:00:00Z'));
    expect(await queuedNumbers(campaign.id)).toEqual([ny, chicago, losAngeles, phoenix].sort());
    await dispatchRun(at('2026-07-01T18:00:00Z'));
    expect(await queuedNumbers(campaign.id)).toHaveLength(5);
  });
});

describe('prospects held back', () => {
  it('are moved in one statement, each to its own instant and reason, only while still due', async () => {
    const nyNumbers = ['+12127450201', '+12127450202', '+12127450203'];
    const losAngeles = '+12137450201';
    const { campaign } = await readyCampaign([...nyNumbers, losAngeles]);
    const due = at('2026-07-01T13:00:00Z');
    await CampaignProspect.update(
      { state: 'scheduled', nextAttemptAt: due },
      { where: { campaignId: campaign.id } },
    );
    const now = at('2026-07-02T01:30:00Z'); // 21:30 in New York, 18:30 in Los Angeles
    const tomorrow = at('2026-07-02T12:00:00Z');
    const later = at('2026-07-02T15:00:00Z');
    const [first, second, third] = await Promise.all(nyNumbers.map((n) => prospectOf(campaign.id, n)));
    const la = await prospectOf(campaign.id, losAngeles);
    // Seeding stored where each may be, for the dispatcher's covering index.
    expect((await callingAreasOf([first!.callingAreaId])).get(first!.callingAreaId!)).toMatchObject({
      timeZones: ['America/New_York'],
      states: ['NY'],
    });
    // Another writer moved the second one meanwhile: its own time stands.
    await CampaignProspect.update(
      { nextAttemptAt: later },
      { where: { campaignId: campaign.id, prospectId: second!.prospectId } },
    );

    const waits = new ProspectWaits();
    for (const p of [first!, second!]) waits.add(p.prospectId, 'outside_hours', tomorrow);
    waits.add(la.prospectId, 'retry_wait', later);
    await waits.write(campaign.id, now);

    expect(await prospectOf(campaign.id, nyNumbers[0]!)).toMatchObject({
      state: 'scheduled',
      reason: 'outside_hours',
      nextAttemptAt: tomorrow,
    });
    expect(await prospectOf(campaign.id, nyNumbers[1]!)).toMatchObject({
      reason: null,
      nextAttemptAt: later,
    });
    expect((await prospectOf(campaign.id, third!.phoneNumber)).nextAttemptAt).toEqual(due);
    expect(await prospectOf(campaign.id, losAngeles)).toMatchObject({
      reason: 'retry_wait',
      nextAttemptAt: later,
    });
  });
});

describe('a zone whose window closed', () => {
  it('has its whole backlog moved in one run, and the open zones are called in that same run', async () => {
    // More New York prospects due than one run reads (5 batches of 200), ahead of two in Los Angeles.
    const nyNumbers = Array.from({ length: 1100 }, (_, i) => `+1212746${String(1000 + i)}`);
    const laNumbers = ['+12137460201', '+12137460202'];
    const { campaign } = await readyCampaign([...nyNumbers, ...laNumbers]);
    await CampaignProspect.update(
      { state: 'scheduled', nextAttemptAt: at('2026-07-01T13:00:00Z') },
      { where: { campaignId: campaign.id } },
    );
    await CampaignProspect.update(
      { nextAttemptAt: at('2026-07-01T16:00:00Z') },
      { where: { campaignId: campaign.id, phoneNumber: laNumbers } },
    );

    await dispatchRun(at('2026-07-02T01:30:00Z')); // 21:30 in New York, 18:30 in Los Angeles
    expect(await queuedNumbers(campaign.id)).toEqual(laNumbers);
    const waiting = await CampaignProspect.count({
      where: {
        campaignId: campaign.id,
        state: 'scheduled',
        reason: 'outside_hours',
        nextAttemptAt: at('2026-07-02T12:00:00Z'),
      },
    });
    expect(waiting).toBe(nyNumbers.length);
  });

  it('is swept once per closing, and again once the prospects are all made due again', async () => {
    const nyNumbers = ['+12127470201', '+12127470202'];
    const { campaign } = await readyCampaign(nyNumbers);
    const due = at('2026-07-01T13:00:00Z');
    await CampaignProspect.update(
      { state: 'scheduled', nextAttemptAt: due },
      { where: { campaignId: campaign.id } },
    );
    const rules = callingRulesOf((await Campaign.findByPk(campaign.id))!);
    const closed = at('2026-07-02T01:30:00Z'); // 21:30 in New York
    const opening = at('2026-07-02T12:00:00Z');

    expect(await sweepClosedCallingAreas(campaign.id, rules, closed)).toMatchObject({ moved: 2, done: true });
    // A retry falling due while the zone is closed is left to the dispatcher's batches.
    const first = await prospectOf(campaign.id, nyNumbers[0]!);
    await first.update({ nextAttemptAt: due });
    expect(await sweepClosedCallingAreas(campaign.id, rules, at('2026-07-02T01:40:00Z'))).toMatchObject({
      areas: 0,
      moved: 0,
    });
    expect((await prospectOf(campaign.id, nyNumbers[0]!)).nextAttemptAt).toEqual(due);

    await decideProspectsAgain(campaign.id);
    expect(await sweepClosedCallingAreas(campaign.id, rules, at('2026-07-02T01:50:00Z'))).toMatchObject({
      moved: 2,
    });
    for (const number of nyNumbers)
      expect(await prospectOf(campaign.id, number)).toMatchObject({
        reason: 'outside_hours',
        nextAttemptAt: opening,
      });
  });
});
