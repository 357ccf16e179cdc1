import { describe, expect, it, onTestFinished } from 'vitest';
import { loadCall } from '@ringcast/sandbox/testing';
import {
  TRANSFER_FALLBACK_GREETING,
  WEEKDAYS,
  transferringNote,
  type CampaignProspectEntry,
  type TransferDestination,
} from '@ringcast/shared-types';
import { CallRecord, Campaign } from '../src/db/models';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { setDialerClock } from '../src/services/calls/shared';
import { callsOf, dialableCampaign, waitUntil } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { campaignWithNumber, ringThroughSandbox, settledInboundCall } from './helpers/inbound';
import { turnsOf } from './helpers/relay';

/**
 * Transfers end to end on the Twilio and OpenAI sandboxes: a caller into a campaign's number who
 * asks for a person (the sandbox's caller 17) is put through by label, the person hears the whisper
 * before being bridged; a busy destination becomes a message; a closed one is never dialed. A
 * worker applies the callbacks, settles the calls and prices both legs.
 */
const api = useDialerStack({ workers: 1, admin: true });

const platform = () => twilioClient(platformTwilioAccount());
/** A caller whose number ends in 17: asks a few questions, then for a real person. */
const personAsker = () => `+1212${Math.floor(Math.random() * 700) + 200}${Math.floor(Math.random() * 10)}017`;

/** A campaign's number whose agent transfers to `destinations`; rung by caller 17, to its settling. */
async function transferredInboundCall(destinations: TransferDestination[]) {
  const { campaign, number, client } = await campaignWithNumber(api.baseUrl);
  await Campaign.update({ transferDestinations: destinations }, { where: { id: campaign.id } });
  const rung = await ringThroughSandbox(api.admin, number, personAsker());
  expect(rung.status).toBe(201);
  const sid = rung.json.sid as string;
  return { campaign, number, client, sid, call: await settledInboundCall(sid) };
}

describe('a caller who asks for a person, on the sandboxes', () => {
  it('is put through by label: whisper first, then bridged; the call is transferred, successful and priced with its leg', async () => {
    const { sid, call, campaign, client } = await transferredInboundCall([
      { label: 'Sales', phoneNumber: '+12125550102', hours: null },
      { label: 'Support', phoneNumber: '+12125550104', hours: null },
    ]);
    expect(call).toMatchObject({
      direction: 'inbound',
      transferDestination: 'Sales',
      transferNumber: '+12125550102',
      transferStatus: 'connected',
      endedBy: 'agent',
      endedReason: 'transferred',
      successful: true,
    });
    expect(call.transferLegSeconds).toBeGreaterThan(10);

    // The sandbox dialed one leg, to Sales, from the number the caller rang.
    const [leg, ...others] = await platform().calls.list({ parentCallSid: sid });
    expect(others).toEqual([]);
    expect(leg).toMatchObject({ sid: call.transferLegSid, to: '+12125550102', from: call.toNumber });
    // The person heard the whisper (who, about what, why), then was bridged.
    const played = (await loadCall(call.transferLegSid!))!;
    expect(played.heard).toEqual([{ at: expect.any(Number), text: call.transferSummary }]);
    expect(call.transferSummary).toMatch(
      /^Ringcast call from .+ about .+: .+[^.?!][.?!] Connecting you now\.$/,
    );
    expect(played.heard![0]!.at).toBeLessThan(played.bridgedAt!);

    const turns = await turnsOf(call.id);
    expect(turns.map((t) => t.text)).toContain(transferringNote('Sales'));
    expect((await Campaign.findByPk(campaign.id))!.successfulCalls).toBe(1);
    // The call log's CSV (and so call.completed webhooks) carries the transfer.
    const csv = (await client.get(`/api/campaigns/${campaign.id}/calls.csv`)).text.trim().split(/\r?\n/);
    expect(csv[0]).toMatch(
      /,Transferred to,Transfer status,Transferred part \(s\),Message,Sentiment,Goal met,Goal reason$/,
    );
    // No message taken; the analysis columns follow.
    expect(csv[1]).toMatch(new RegExp(`,Sales,connected,${call.transferLegSeconds},,`));
    expect(csv[1]).toContain(',Transferred to Sales,');

    // Priced once both legs are: the call's price is what Twilio charged for each.
    const priced = await waitUntil(async () => {
      const row = await CallRecord.findByPk(call.id);
      return row?.price != null ? row : null;
    }, 'the call to be priced');
    const [own, dialed] = await Promise.all([
      platform().calls(sid).fetch(),
      platform().calls(leg!.sid).fetch(),
    ]);
    const legPrice = Math.abs(Number(dialed.price));
    expect(legPrice).toBeGreaterThan(0);
    expect(Number(priced.transferLegPrice)).toBeCloseTo(legPrice, 5);
    expect(Number(priced.price)).toBeCloseTo(Math.abs(Number(own.price)) + legPrice, 5);
  });

  it('on a call the dialer placed to callee 17, puts them through from the number it called from', async () => {
    const { campaign, client: owner } = await dialableCampaign(api.baseUrl, {
      numbers: [personAsker()],
      state: 'draft',
    });
    // Made dialable only once it transfers to Sales: the dialer may call at once.
    await Campaign.update(
      {
        transferDestinations: [{ label: 'Sales', phoneNumber: '+12125550106', hours: null }],
        status: 'active',
        setupPaymentProcessed: true,
        setupAiAgentConfigured: true,
        setupScriptsReviewed: true,
        setupComplianceVerified: true,
        setupTestingCompleted: true,
      },
      { where: { id: campaign.id } },
    );
    const call = await waitUntil(
      async () => (await callsOf(campaign.id)).find((c) => c.settledAt),
      'the placed call to settle',
      90_000,
    );
    expect(call).toMatchObject({
      direction: 'outbound',
      transferDestination: 'Sales',
      transferStatus: 'connected',
      endedReason: 'transferred',
      successful: true,
    });
    const [leg] = await platform().calls.list({ parentCallSid: call.providerCallSid! });
    expect(leg).toMatchObject({ to: '+12125550106', from: call.fromNumber });
    expect((await loadCall(leg!.sid))!.heard?.[0]?.text).toBe(call.transferSummary);
    // The prospects table's last result reads the transfer too.
    const prospects = await owner.get(`/api/campaigns/${campaign.id}/prospects`);
    const [row] = prospects.json as unknown as CampaignProspectEntry[];
    expect(row!.lastCall).toMatchObject({
      id: call.id,
      transfer: { destination: 'Sales', status: 'connected' },
    });
  });

  it('hears that nobody is free when the destination is busy, and leaves a message for a call back', async () => {
    const { call } = await transferredInboundCall([
      { label: 'Sales', phoneNumber: '+12125550103', hours: null },
    ]);
    expect(call).toMatchObject({
      transferStatus: 'busy',
      transferLegSeconds: null,
      outcome: 'call_back_later',
      callbackNote: expect.stringMatching(/pricing/i),
    });
    expect(call.endedReason).not.toBe('transferred');
    const turns = await turnsOf(call.id);
    const greeting = turns.findIndex((t) => t.text === TRANSFER_FALLBACK_GREETING);
    expect(greeting).toBeGreaterThan(turns.findIndex((t) => t.speaker === 'system'));
    expect(turns.slice(greeting).some((t) => t.speaker === 'callee' && /call me back/i.test(t.text))).toBe(
      true,
    );
  });

  it('is never dialed outside the destination’s hours: the agent takes the message', async () => {
    // The dialer's clock on a Wednesday noon UTC; Sales takes calls on Mondays only.
    setDialerClock(() => new Date('2026-12-09T12:00:00Z'));
    onTestFinished(() => setDialerClock(null));
    const hours = { days: [WEEKDAYS[1]], from: '09:00', to: '17:00', timeZone: 'UTC' };
    const { sid, call } = await transferredInboundCall([
      { label: 'Sales', phoneNumber: '+12125550102', hours },
    ]);
    expect(call).toMatchObject({
      transferStatus: 'outside_hours',
      transferLegSid: null,
      outcome: 'call_back_later',
    });
    expect(await platform().calls.list({ parentCallSid: sid })).toEqual([]);
    expect((await turnsOf(call.id)).some((t) => t.speaker === 'system')).toBe(false);
  });
});
