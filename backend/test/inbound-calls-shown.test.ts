import { describe, expect, it } from 'vitest';
import type { CallDetail, CallRecord as CallDto, Campaign, DashboardStats } from '@ringcast/shared-types';
import { numbersEndingIn, statisticsMismatch } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { campaignWithNumber, ringThroughSandbox, settledInboundCall } from './helpers/inbound';

/**
 * How a call rung into a campaign's number is shown: as inbound, under the caller's number (and
 * the prospect's name when the caller is on the campaign's list), counted in totalCalls and apart
 * in receivedCalls, found by the call log's direction filter, and answered in the caller's terms.
 */
const api = useDialerStack({ workers: 1, admin: true });

describe('a call someone rang into the campaign’s number', () => {
  it('shows the caller, is counted as received and is found by direction', async () => {
    // The caller ends in 7: the sandbox's person who asks what the business offers.
    const listed = numbersEndingIn([6, 7]);
    const { campaign, client, number } = await campaignWithNumber(api.baseUrl, listed);
    const caller = listed[1]!;
    const rung = await ringThroughSandbox(api.admin, number, caller);
    expect(rung.status).toBe(201);
    const settled = await settledInboundCall(rung.json.sid as string);

    const inbound = await client.get(`/api/campaigns/${campaign.id}/calls?direction=inbound`);
    expect(inbound.status).toBe(200);
    expect(inbound.json).toEqual([
      expect.objectContaining({
        id: settled.id,
        direction: 'inbound',
        fromNumber: caller,
        toNumber: number,
        prospectName: 'Prospect 2',
        status: 'completed',
      }),
    ]);
    expect((await client.get(`/api/campaigns/${campaign.id}/calls?direction=outbound`)).json).toEqual([]);
    const wrong = await client.get(`/api/campaigns/${campaign.id}/calls?direction=sideways`);
    expect(wrong.status).toBe(400);
    const admin = await api.admin.get(`/api/admin/campaigns/${campaign.id}/calls?direction=inbound`);
    expect((admin.json as unknown as CallDto[]).map((call) => call.id)).toEqual([settled.id]);

    const shown = (await client.get(`/api/campaigns/${campaign.id}`)).json as unknown as Campaign;
    expect(shown).toMatchObject({ totalCalls: 1, receivedCalls: 1 });
    expect(await statisticsMismatch(campaign.id)).toBeNull();
    const dashboard = (await client.get('/api/dashboard')).json as unknown as DashboardStats;
    expect(dashboard.totals).toMatchObject({ totalCalls: 1, receivedCalls: 1 });

    const csv = await client.get(`/api/campaigns/${campaign.id}/calls.csv?direction=inbound`);
    const [header, row] = csv.text.trim().split('\n');
    expect(header).toContain('Direction,Prospect,Number');
    expect(row).toContain(`,Inbound,Prospect 2,${caller},completed,`);

    // The agent thanks the caller for calling and, asked what the business offers, never says it called them.
    const detail = (await client.get(`/api/calls/${settled.id}`)).json as unknown as CallDetail;
    expect(detail).toMatchObject({ direction: 'inbound', fromNumber: caller, prospectName: 'Prospect 2' });
    const agent = detail.transcript.filter((turn) => turn.speaker === 'agent').map((turn) => turn.text);
    expect(agent[0]).toMatch(
      /^Thanks for calling .+, this is Ava, an AI assistant\. How can I help you today\?$/,
    );
    expect(agent[1]).toMatch(/^Happy to help\. At .+ I can help you with /);
    expect(agent.join(' ')).not.toMatch(/reach out|calling on behalf/);
  });

  it('shows a caller who is not on the list by their number alone', async () => {
    const { campaign, client, number } = await campaignWithNumber(api.baseUrl);
    const [stranger] = numbersEndingIn([8]);
    const rung = await ringThroughSandbox(api.admin, number, stranger!);
    const settled = await settledInboundCall(rung.json.sid as string);
    const [call] = (await client.get(`/api/campaigns/${campaign.id}/calls`)).json as unknown as CallDto[];
    expect(call).toMatchObject({
      id: settled.id,
      direction: 'inbound',
      fromNumber: stranger,
      prospectName: null,
    });
  });
});
