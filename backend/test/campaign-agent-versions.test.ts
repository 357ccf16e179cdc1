import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  AGENT_EDIT_ERRORS,
  CAMPAIGN_CHANGE_ERRORS,
  CAMPAIGN_NOT_FOUND,
  lockedAfterLaunchMessage,
  type AgentVersion,
  type Campaign as CampaignDto,
} from '@ringcast/shared-types';
import { AuditLog, CallRecord, Campaign } from '../src/db/models';
import { platformTwilioAccount } from '../src/providers/twilio';
import { answerInboundCall } from '../src/services/calls/events';
import { claimRelaySessionRow, markRelayStarted } from '../src/services/calls/shared';
import { DRAFT, putCampaign as put, userWithDraft } from './helpers/campaigns';
import { registeredClient, type TestClient } from './helpers/client';
import { useTestApi } from './helpers/server';
import { waitFor } from './helpers/sockets';

/**
 * DESIGN decision 10: the owner edits a launched campaign's agent (goal, agent, scripts, documents,
 * company websites); each save is a version, listed and restorable, and a script change sends
 * Scripts back to review, so the dialer waits for the team.
 */
const api = useTestApi();

const AGENT = {
  goal: 'Book a cleaning',
  aiAgentName: 'Ava',
  aiAgentVoice: 'female',
  aiAgentTone: 'friendly',
  scriptAnswering: 'Hi, this is Ava from Spring Dental.',
  companyWebsites: 'https://spring.example',
};

/** A launched campaign, set up by the team: every setup flag on, Scripts among them. */
async function launched(status: 'active' | 'paused' | 'completed' = 'active') {
  const owner = await userWithDraft(api.baseUrl, { ...DRAFT, ...AGENT, monthlyCallVolume: 100 });
  await Campaign.update(
    { status, setupPaymentProcessed: true, setupScriptsReviewed: true, setupAiAgentConfigured: true },
    { where: { id: owner.campaign.id } },
  );
  return owner;
}

const versionsOf = async (client: TestClient, id: number) => {
  const res = await client.get(`/api/campaigns/${id}/versions`);
  return { status: res.status, json: res.json as unknown, list: res.json as unknown as AgentVersion[] };
};
const restore = (client: TestClient, id: number, version: number | string) =>
  client.post(`/api/campaigns/${id}/versions/${version}/restore`, {});

describe('editing the agent of a launched campaign', () => {
  it('saves a change on an active campaign as a new version, who and what, without review', async () => {
    const { client, campaign, user } = await launched('active');
    const res = await put(client, campaign.id, { goal: 'Book a check-up', aiAgentTone: 'friendly,casual' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      goal: 'Book a check-up',
      aiAgentTone: 'friendly,casual',
      agentVersion: 2,
      status: 'active',
      setupScriptsReviewed: true,
    });
    const { list } = await versionsOf(client, campaign.id);
    expect(list).toEqual([
      {
        version: 2,
        createdAt: expect.any(String),
        changedFields: ['goal', 'aiAgentTone'],
        changedBy: 'Test User',
        restoredFrom: null,
        current: true,
      },
      expect.objectContaining({ version: 1, changedFields: [], changedBy: null, current: false }),
    ]);
    expect(user.id).toBeGreaterThan(0);
  });

  it('sends changed scripts back to review on a paused campaign, and pushes the change', async () => {
    const { client, campaign, credentials } = await launched('paused');
    const {
      events: [pushes],
    } = await api.hear('campaign:updated', [client]);
    const res = await put(client, campaign.id, { scriptAnswering: 'Hello from Spring Dental!' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'paused', agentVersion: 2, setupScriptsReviewed: false });
    const pushed = await waitFor(
      () => pushes.find((c) => c.id === campaign.id && c.agentVersion === 2),
      5000,
      'the push',
    );
    expect(pushed.setupScriptsReviewed).toBe(false);
    const audit = await AuditLog.findOne({
      where: { entityType: 'campaign', entityId: String(campaign.id) },
    });
    expect(audit).toMatchObject({
      action: 'campaign.setup',
      actorEmail: credentials.email,
      after: { setupScriptsReviewed: false },
    });
    // Back to active, it does not dial until the team has reviewed the scripts again.
    const resumed = (await put(client, campaign.id, { status: 'active' })).json as unknown as CampaignDto;
    const read = await waitFor(
      () => pushes.find((c) => c.id === campaign.id && c.status === 'active' && c.dialing),
      5000,
      'the resumed push',
    );
    expect([resumed.status, read.dialing?.notDialingReason]).toEqual(['active', 'setup_incomplete']);
  });

  it('refuses the fields that go through billing and uploads, and a completed campaign', async () => {
    const { client, campaign } = await launched('active');
    for (const [body, fields] of [
      [{ monthlyCallVolume: 500 }, ['monthlyCallVolume']],
      [{ name: 'Renamed', goal: 'x' }, ['name']],
      [{ prospectListId: null, hasProvidedList: true }, ['prospectListId', 'hasProvidedList']],
      [
        { useProvidedNumber: true, providedNumberAreaCode: '907' },
        ['useProvidedNumber', 'providedNumberAreaCode'],
      ],
    ] as const) {
      const res = await put(client, campaign.id, body);
      expect([res.status, res.json.error]).toEqual([409, lockedAfterLaunchMessage(fields)]);
    }
    const mixed = await put(client, campaign.id, { status: 'paused', goal: 'x' });
    expect([mixed.status, mixed.json.error]).toEqual([409, CAMPAIGN_CHANGE_ERRORS.mixed]);
    const stored = (await Campaign.findByPk(campaign.id))!;
    expect([stored.goal, stored.monthlyCallVolume, stored.agentVersion]).toEqual([AGENT.goal, 100, 1]);

    const done = await launched('completed');
    const refused = await put(done.client, done.campaign.id, { goal: 'x' });
    expect([refused.status, refused.json.error]).toEqual([409, AGENT_EDIT_ERRORS.notEditable]);
  });

  it('answers 400 for bad input and changes nothing when nothing differs', async () => {
    const { client, campaign } = await launched('active');
    const bad = await put(client, campaign.id, { aiAgentVoice: 'robot', aiAgentTone: 'angry' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.fields as object).sort()).toEqual(['aiAgentTone', 'aiAgentVoice']);
    const same = await put(client, campaign.id, { goal: AGENT.goal, scriptAnswering: AGENT.scriptAnswering });
    expect(same.status).toBe(200);
    expect(same.json).toMatchObject({ agentVersion: 1, setupScriptsReviewed: true });
    expect((await versionsOf(client, campaign.id)).list.map((v) => v.version)).toEqual([1]);
  });

  it('restores a version as a new one, and the same agent again changes nothing', async () => {
    const { client, campaign } = await launched('active');
    await put(client, campaign.id, { scriptAnswering: 'A new opening', aiAgentName: 'Max' });
    const res = await restore(client, campaign.id, 1);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      scriptAnswering: AGENT.scriptAnswering,
      aiAgentName: 'Ava',
      agentVersion: 3,
      setupScriptsReviewed: false,
    });
    const { list } = await versionsOf(client, campaign.id);
    expect(list.map((v) => [v.version, v.restoredFrom, v.changedFields, v.current])).toEqual([
      [3, 1, ['aiAgentName', 'scriptAnswering'], true],
      [2, null, ['aiAgentName', 'scriptAnswering'], false],
      [1, null, [], false],
    ]);
    const again = await restore(client, campaign.id, 1);
    expect([again.status, again.json.agentVersion]).toEqual([200, 3]);
    const missing = await restore(client, campaign.id, 9);
    expect([missing.status, missing.json.error]).toEqual([404, AGENT_EDIT_ERRORS.versionNotFound]);
  });

  it("keeps a draft as it was, and answers 404 for someone else's campaign", async () => {
    const draft = await userWithDraft(api.baseUrl);
    const edited = await put(draft.client, draft.campaign.id, {
      name: 'Still a draft',
      monthlyCallVolume: 500,
    });
    expect(edited.json).toMatchObject({ name: 'Still a draft', agentVersion: 1 });
    expect((await versionsOf(draft.client, draft.campaign.id)).list).toEqual([]);
    expect((await restore(draft.client, draft.campaign.id, 1)).status).toBe(404);

    const { campaign } = await launched('active');
    const other = (await registeredClient(api.baseUrl)).client;
    for (const res of [
      await put(other, campaign.id, { goal: 'Mine now' }),
      await other.get(`/api/campaigns/${campaign.id}/versions`),
      await restore(other, campaign.id, 1),
    ]) {
      expect([res.status, res.json.error]).toEqual([404, CAMPAIGN_NOT_FOUND]);
    }
    expect((await Campaign.findByPk(campaign.id))!.goal).toBe(AGENT.goal);
  });
});

describe('the version on a call record', () => {
  it('is the version when the call is made, then the one the agent took the call with', async () => {
    const { client, campaign } = await launched('paused');
    const number = `+1555${String(Date.now()).slice(-7)}`;
    await Campaign.update(
      { useProvidedNumber: true, providedNumberAreaCode: '907', providedPhoneNumber: number },
      { where: { id: campaign.id } },
    );
    await put(client, campaign.id, { aiAgentTone: 'casual' });
    const sid = `CA${randomBytes(16).toString('hex')}`;
    await answerInboundCall({
      CallSid: sid,
      AccountSid: platformTwilioAccount().accountSid,
      From: '+12125550123',
      To: number,
    } as Parameters<typeof answerInboundCall>[0]);
    const call = (await CallRecord.findOne({ where: { providerCallSid: sid } }))!;
    expect(call.agentVersion).toBe(2);
    const calls = await client.get(`/api/campaigns/${campaign.id}/calls`);
    expect(JSON.stringify(calls.json)).toContain('"agentVersion":2');

    await put(client, campaign.id, { goal: 'Edited while it rang' });
    expect(await claimRelaySessionRow(call.id, sid, 'session-key-0000000000', ['in_progress'])).toBe(true);
    await markRelayStarted(call.id, 'session-key-0000000000');
    expect((await CallRecord.findByPk(call.id))!.agentVersion).toBe(3);
  });
});
