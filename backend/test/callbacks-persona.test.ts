import { describe, expect, it, onTestFinished } from 'vitest';
import { localTimeAt } from '@ringcast/shared-types';
import { config } from '../src/config';
import { CallRecord } from '../src/db/models';
import { loadCallWithBrief } from '../src/services/agent/agentBrief';
import { answeredCall, turnsOf } from './helpers/relay';
import { useTwilioSandbox, waitFor } from './helpers/twilioSandbox';

/** The Twilio sandbox's callee 8 asks to be called back: the agent records it with the time. */
const sandbox = useTwilioSandbox();

describe('a callee who asks to be called back', () => {
  it('ends the call as call_back_later, the time the agent agreed kept on the call', async () => {
    config.publicUrl = sandbox.api.baseUrl;
    onTestFinished(() => {
      config.publicUrl = sandbox.app.baseUrl;
    });
    const { call } = (await answeredCall(sandbox.api.baseUrl, '+12125550308'))!;
    await sandbox.playToOurAgent(call);
    const stored = await waitFor(async () => {
      const row = await CallRecord.findByPk(call.id);
      return row?.outcome ? row : undefined;
    }, 'the outcome');
    expect(stored.outcome).toBe('call_back_later');
    // "Tomorrow afternoon", read by the sandbox model on the callee's clock (the brief's zone, else UTC).
    const zone = (await loadCallWithBrief(call.id))!.brief.booking?.timeZone ?? 'UTC';
    expect(localTimeAt(stored.callbackRequestedFor!, zone).minute).toBe(14 * 60);
    expect(stored.callbackRequestedFor!.getTime()).toBeGreaterThan(Date.now());
    const turns = await turnsOf(call.id);
    expect(turns.some((t) => t.speaker === 'callee' && /call me back tomorrow afternoon/.test(t.text))).toBe(
      true,
    );
    expect(turns.at(-1)!.text).toMatch(/will call you back then/);
  });
});
