import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { RECORDING_ANNOUNCEMENT, RECORDING_NOT_FOUND } from '@ringcast/shared-types';
import { AuditLog, CallRecord, Campaign } from '../src/db/models';
import { isTwilioError, platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { deleteExpiredRecordings } from '../src/services/recordings';
import { signTwilioRequest } from '../src/telephony/signature';
import { registeredClient, type TestClient } from './helpers/client';
import { numbersEndingIn, waitUntil } from './helpers/dialer';
import { useDialerStack } from './helpers/dialerStack';
import { campaignWithNumber, ringThroughSandbox, settledInboundCall } from './helpers/inbound';
import { turnsOf } from './helpers/relay';
import { collect, openSocket, waitFor } from './helpers/sockets';
import { savedTwilioAccount } from './helpers/twilioAccounts';

/**
 * Call recording end to end: a person rings a recording campaign's number through the Twilio
 * sandbox, our agent answers (the TwiML starts a dual-channel recording before connecting it), the
 * sandbox posts the recording's status callback when the call ends, and the audio streams through
 * our api. Real MariaDB, Redis, the twilio SDK against the sandbox, and a worker applying callbacks.
 */
const api = useDialerStack({ workers: 1, admin: true });

const DAY = 24 * 3600 * 1000;
const platform = () => twilioClient(platformTwilioAccount());

type Owner = Awaited<ReturnType<typeof campaignWithNumber>>;

/** A campaign with a number, recording (or not) with this retention, and one call rung into it. */
async function campaignCall(record: boolean, retentionDays: number | null) {
  const owner = await campaignWithNumber(api.baseUrl);
  await Campaign.update(
    { recordCalls: record, recordingRetentionDays: retentionDays },
    { where: { id: owner.campaign.id } },
  );
  const rung = await ringThroughSandbox(api.admin, owner.number, numbersEndingIn([6])[0]!);
  expect(rung.status).toBe(201);
  const settled = await settledInboundCall(rung.json.sid as string);
  const call = record
    ? await waitUntil(async () => {
        const row = await CallRecord.findByPk(settled.id);
        return row?.recordingSid ? row : null;
      }, `the recording of call ${settled.id}`)
    : settled;
  return { owner, call };
}

let kept: { owner: Owner; call: CallRecord };
let untilDeleted: { owner: Owner; call: CallRecord };
let unrecorded: { owner: Owner; call: CallRecord };

beforeAll(async () => {
  [kept, untilDeleted, unrecorded] = await Promise.all([
    campaignCall(true, 30),
    campaignCall(true, null),
    campaignCall(false, 30),
  ]);
}, 90_000);

/** The recording's audio as `client` asks for it (binary, so not through TestClient's text). */
const audio = (client: TestClient, callId: number, headers: Record<string, string> = {}, query = '') =>
  fetch(`${api.baseUrl}/api/calls/${callId}/recording${query}`, {
    headers: { Cookie: client.cookieHeader, ...headers },
  });

/** The recording status callback, signed as Twilio signs it (by `token`'s account). */
function postRecordingStatus(callId: number, fields: Record<string, string>, token: string) {
  const url = `${api.baseUrl}/webhooks/twilio/calls/${callId}/recording-status`;
  return fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'X-Twilio-Signature': signTwilioRequest(token, url, fields),
    },
    body: new URLSearchParams(fields),
  });
}

const sandboxRecording = (sid: string) =>
  platform()
    .recordings(sid)
    .fetch()
    .catch((err: unknown) => {
      if (isTwilioError(err) && err.status === 404) return null;
      throw err;
    });

describe('a recording campaign’s call', () => {
  it('announces the recording, and stores the recording its status callback names, once', async () => {
    const { call, owner } = kept;
    const [greeting] = await turnsOf(call.id);
    expect(greeting!.text).toContain(RECORDING_ANNOUNCEMENT);
    expect(call).toMatchObject({ recordingChannels: 2, recordingDeletedAt: null });
    expect(call.recordingSeconds).toBeGreaterThan(0);
    const atTwilio = (await sandboxRecording(call.recordingSid!))!;
    expect(atTwilio).toMatchObject({ callSid: call.providerCallSid, channels: 2, status: 'completed' });
    expect(Number(atTwilio.duration)).toBe(call.recordingSeconds);

    const shown = await owner.client.get(`/api/calls/${call.id}`);
    expect(shown.json.recording).toEqual({
      durationSeconds: call.recordingSeconds,
      channels: 2,
      url: `/api/calls/${call.id}/recording`,
    });

    // Twilio's callback again, and one naming another recording: nothing changes.
    const fields = {
      AccountSid: platformTwilioAccount().accountSid,
      CallSid: call.providerCallSid!,
      RecordingSid: call.recordingSid!,
      RecordingStatus: 'completed',
      RecordingDuration: String(call.recordingSeconds),
      RecordingChannels: '2',
    };
    const token = platformTwilioAccount().authToken;
    const before = (await CallRecord.findByPk(call.id))!;
    expect((await postRecordingStatus(call.id, fields, token)).status).toBe(204);
    const other = { ...fields, RecordingSid: `RE${'0'.repeat(32)}` };
    expect((await postRecordingStatus(call.id, other, token)).status).toBe(204);
    const after = (await CallRecord.findByPk(call.id))!;
    expect(after.recordingSid).toBe(call.recordingSid);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());

    // Signed by another account (a customer's own), it is refused like every call callback.
    const customer = await savedTwilioAccount();
    const refused = await postRecordingStatus(
      call.id,
      { ...fields, AccountSid: customer.accountSid },
      customer.authToken,
    );
    expect(refused.status).toBe(403);
  });

  it('streams a WAV to its owner and to an admin, with byte ranges, and 404 to anyone else', async () => {
    const { call, owner } = kept;
    const whole = await audio(owner.client, call.id);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toMatch(/^audio\/wav/);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toBeNull();
    const file = Buffer.from(await whole.arrayBuffer());
    expect(file.length).toBe(44 + call.recordingSeconds! * 8000 * 2 * 2);
    expect(Number(whole.headers.get('content-length'))).toBe(file.length);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.toString('ascii', 8, 12)).toBe('WAVE');
    expect(file.readUInt16LE(22)).toBe(2);
    expect(file.readUInt32LE(24)).toBe(8000);
    // Both sides spoke: each channel has its tone somewhere.
    const channelHeard = (channel: number) => {
      for (let at = 44 + channel * 2; at < file.length; at += 4) if (file.readInt16LE(at) !== 0) return true;
      return false;
    };
    expect([channelHeard(0), channelHeard(1)]).toEqual([true, true]);

    const part = await audio(owner.client, call.id, { Range: 'bytes=100-199' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${file.length}`);
    const bytes = Buffer.from(await part.arrayBuffer());
    expect(bytes.length).toBe(100);
    expect(bytes.equals(file.subarray(100, 200))).toBe(true);

    const download = await audio(owner.client, call.id, {}, '?download=1');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="ringcast-call-${call.id}-recording.wav"`,
    );
    await download.body?.cancel();

    // A range past the end is refused as HTTP says, naming the size.
    const past = await audio(owner.client, call.id, { Range: `bytes=${file.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${file.length}`);
    await past.body?.cancel();

    // Twilio's media itself needs the account's own credentials.
    const media = `${api.baseUrl}/sandbox/twilio/2010-04-01/Accounts/${call.accountSid}/Recordings/${call.recordingSid}.wav`;
    expect((await fetch(media)).status).toBe(401);
    const customer = await savedTwilioAccount();
    const basic = (sid: string, token: string) => ({
      Authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
    });
    const otherAccount = media.replace(call.accountSid!, customer.accountSid);
    const asOther = await fetch(otherAccount, { headers: basic(customer.accountSid, customer.authToken) });
    expect(asOther.status).toBe(404);

    const stranger = await registeredClient(api.baseUrl);
    const refused = await stranger.client.get(`/api/calls/${call.id}/recording`);
    expect(refused.status).toBe(404);
    expect(refused.json.error).toBe(RECORDING_NOT_FOUND);
    const admin = await audio(api.admin, call.id, { Range: 'bytes=0-43' });
    expect(admin.status).toBe(206);
    expect(Buffer.from(await admin.arrayBuffer()).equals(file.subarray(0, 44))).toBe(true);
  });

  it('is deleted at Twilio and ours by its owner, once; a second delete answers 404', async () => {
    const { call, owner } = untilDeleted;
    const stranger = await registeredClient(api.baseUrl);
    expect((await stranger.client.request('DELETE', `/api/calls/${call.id}/recording`)).status).toBe(404);
    expect(await sandboxRecording(call.recordingSid!)).not.toBeNull();

    // The owner's open tabs hear of it: the call pushed without its recording.
    const socket = await openSocket(api.baseUrl, owner.client.cookieHeader);
    onTestFinished(() => {
      socket.close();
    });
    const pushed = collect(socket, 'call:updated');
    expect((await owner.client.request('DELETE', `/api/calls/${call.id}/recording`)).status).toBe(204);
    await waitFor(
      () => pushed.find((payload) => payload.id === call.id && payload.recording === null),
      10_000,
      'the call pushed without its recording',
    );
    expect(await sandboxRecording(call.recordingSid!)).toBeNull();
    expect((await CallRecord.findByPk(call.id))!.recordingDeletedAt).not.toBeNull();
    expect((await owner.client.get(`/api/calls/${call.id}`)).json.recording).toBeNull();
    const gone = await owner.client.get(`/api/calls/${call.id}/recording`);
    expect([gone.status, gone.json.error]).toEqual([404, RECORDING_NOT_FOUND]);
    const again = await owner.client.request('DELETE', `/api/calls/${call.id}/recording`);
    expect([again.status, again.json.error]).toEqual([404, RECORDING_NOT_FOUND]);
  });
});

describe('the retention run', () => {
  it('deletes only recordings past their campaign’s retention, once however often it runs, finishing a killed run', async () => {
    const { call } = kept;
    const started = call.startedAt!.getTime();
    // A campaign that keeps recordings until deleted is never swept: give it a recorded call too.
    // And a run killed midway: another expired recording already removed at Twilio, not yet ours.
    const [forever, halfDone] = await Promise.all([campaignCall(true, null), campaignCall(true, 30)]);
    await platform().recordings(halfDone.call.recordingSid!).remove();

    expect(await deleteExpiredRecordings({ now: new Date(started + 29 * DAY) })).toEqual({
      deleted: 0,
      failed: 0,
    });
    expect(await sandboxRecording(call.recordingSid!)).not.toBeNull();

    // Two runs side by side, then a third: the recording is deleted once.
    const late = new Date(started + 31 * DAY);
    const runs = await Promise.all([
      deleteExpiredRecordings({ now: late }),
      deleteExpiredRecordings({ now: late }),
    ]);
    expect(runs.map((run) => run.failed)).toEqual([0, 0]);
    expect((await CallRecord.findByPk(call.id))!.recordingDeletedAt).not.toBeNull();
    expect((await CallRecord.findByPk(halfDone.call.id))!.recordingDeletedAt).not.toBeNull();
    expect(await sandboxRecording(call.recordingSid!)).toBeNull();
    const deleted = (await CallRecord.findByPk(call.id))!;
    expect(await deleteExpiredRecordings({ now: late })).toMatchObject({ failed: 0 });
    const again = (await CallRecord.findByPk(call.id))!;
    expect(again.recordingDeletedAt).toEqual(deleted.recordingDeletedAt);
    expect(again.updatedAt).toEqual(deleted.updatedAt);

    // Years later, the one kept until deleted is still there.
    await deleteExpiredRecordings({ now: new Date(started + 3 * 365 * DAY) });
    const stillKept = (await CallRecord.findByPk(forever.call.id))!;
    expect(stillKept.recordingDeletedAt).toBeNull();
    expect(await sandboxRecording(stillKept.recordingSid!)).not.toBeNull();

    // Until an admin deletes it: gone at Twilio, and the audit log keeps who did.
    const res = await api.admin.request('DELETE', `/api/calls/${stillKept.id}/recording`);
    expect(res.status).toBe(204);
    expect(await sandboxRecording(stillKept.recordingSid!)).toBeNull();
    const audit = await AuditLog.findOne({
      where: { action: 'recording.delete', entityId: String(stillKept.id) },
    });
    expect(audit).toMatchObject({ entityType: 'call', after: { recordingSid: stillKept.recordingSid } });
  }, 60_000);
});

describe('a deleted campaign', () => {
  it('takes its recordings with it at Twilio, as its calls go with it', async () => {
    const { owner, call } = await campaignCall(true, null);
    await Campaign.update(
      { status: 'canceled', canceledAt: new Date() },
      { where: { id: owner.campaign.id } },
    );
    expect(await sandboxRecording(call.recordingSid!)).not.toBeNull();
    expect((await owner.client.request('DELETE', `/api/campaigns/${owner.campaign.id}`)).status).toBe(204);
    expect(await CallRecord.findByPk(call.id)).toBeNull();
    expect(await sandboxRecording(call.recordingSid!)).toBeNull();
  }, 60_000);
});

describe('a campaign that does not record', () => {
  it('has no recording: none at Twilio, none on the call, and no announcement', async () => {
    const { call } = unrecorded;
    expect((await CallRecord.findByPk(call.id))!.recordingSid).toBeNull();
    expect(await platform().calls(call.providerCallSid!).recordings.list()).toEqual([]);
    const [greeting] = await turnsOf(call.id);
    expect(greeting!.text).not.toContain(RECORDING_ANNOUNCEMENT);
  });
});
