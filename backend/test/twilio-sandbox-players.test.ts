import { describe, expect, it } from 'vitest';
import { freePort, spawnApi } from './helpers/processes';
import { startPlayer, useTwilioSandbox, waitFor, words } from './helpers/twilioSandbox';

/** Twilio sandbox players share the work: a call outlives the process that was playing it. */
const sandbox = useTwilioSandbox();
const { finalCallback, placeCall, relayCall, statusCallbacks } = sandbox;

describe('Twilio sandbox: players share the work', () => {
  it('finishes calls whose api process was killed mid-call, a relay session lost with it too', async () => {
    sandbox.app.serve('/twiml/long', `<Response><Say>${words(100)}</Say></Response>`);
    await sandbox.player.stop();
    // It plays our side's calls, at our side's address.
    const other = await spawnApi(await freePort(), { PUBLIC_URL: sandbox.app.baseUrl });
    let killed = false;
    try {
      const calls = await Promise.all(
        ['+12125550126', '+12125550127', '+12125550128'].map((to) =>
          placeCall(to, { url: sandbox.app.url('/twiml/long') }),
        ),
      );
      // Its agent says nothing, so the callee is still waiting when the process dies.
      const conversation = await relayCall('+12125550237', 73);
      // The other process plays them (this one has no player now) until it is killed mid-call.
      await waitFor(
        () => calls.every((c) => statusCallbacks(c.sid).some((r) => r.params.CallStatus === 'in-progress')),
        'every call answered',
      );
      await waitFor(() => sandbox.peer.session(73)?.prompts().length, 'the callee to speak on the relay');
      other.child.kill('SIGKILL');
      killed = true;
      expect(calls.every((c) => sandbox.app.about(c.sid, '/status').length === 3)).toBe(true);

      sandbox.player = startPlayer();
      const finals = await Promise.all(calls.map((c) => finalCallback(c.sid)));
      for (const [i, call] of calls.entries()) {
        // A callback whose delivery was under way at the kill may come twice, as Twilio's may: the
        // sequence numbers tell them apart.
        const callbacks = [
          ...new Map(statusCallbacks(call.sid).map((r) => [r.params.SequenceNumber, r])).values(),
        ];
        expect(callbacks.map((r) => r.params.CallStatus)).toEqual([
          'initiated',
          'ringing',
          'in-progress',
          'completed',
        ]);
        expect(callbacks.map((r) => r.params.SequenceNumber)).toEqual(['0', '1', '2', '3']);
        // 100 words is 40 s of speech, whatever happened to the process playing it.
        expect(finals[i]!.params.CallDuration).toBe('40');
      }
      // The socket died with its process; the player that takes the step over ends the call
      // rather than open a second session.
      expect((await finalCallback(conversation.sid)).params.CallStatus).toBe('completed');
      expect(sandbox.peer.sessions.filter((s) => s.callId === 73)).toHaveLength(1);
      expect(sandbox.peer.session(73)!.closedWith).toBe(1006);
    } finally {
      if (!killed) await other.stop();
    }
  }, 60_000);
});
