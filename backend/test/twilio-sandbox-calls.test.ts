import { describe, expect, it } from 'vitest';
import { platformTwilioAccount, twilioClient } from '../src/providers/twilio';
import { platform, seconds, useTwilioSandbox, waitFor, words } from './helpers/twilioSandbox';

/**
 * Calls played by the Twilio sandbox in simulated time (50 times faster), with signed callbacks
 * to our side's server; and changed, listed and fetched through the real `twilio` SDK.
 */
const sandbox = useTwilioSandbox();
const { finalCallback, placeCall, statusCallbacks } = sandbox;

describe('Twilio sandbox: playing calls', () => {
  it('plays each last digit as its persona, with signed callbacks in sequence and durations in simulated seconds', async () => {
    const started = Date.now();
    const calls = await Promise.all(
      Array.from({ length: 10 }, (_, digit) => placeCall(`+1212555010${digit}`)),
    );
    expect(calls.map((c) => c.status)).toEqual(Array(10).fill('queued'));
    const finals = await Promise.all(calls.map((c) => finalCallback(c.sid)));
    const wallSeconds = (Date.now() - started) / 1000;

    const events = (sid: string) => statusCallbacks(sid).map((r) => r.params.CallStatus);
    const durationOf = (digit: number) => Number(finals[digit]!.params.CallDuration);
    for (const [digit, call] of calls.entries()) {
      const callbacks = statusCallbacks(call.sid);
      // Every callback is signed by the account and numbered from 0 in the order the events happened.
      expect(callbacks.every((r) => r.signatureValid)).toBe(true);
      expect(callbacks.map((r) => r.params.SequenceNumber)).toEqual(callbacks.map((_, i) => String(i)));
      expect(callbacks[0]!.params).toMatchObject({
        CallSid: call.sid,
        AccountSid: platformTwilioAccount().accountSid,
        From: sandbox.platformNumber,
        To: `+1212555010${digit}`,
        Direction: 'outbound-api',
        ApiVersion: '2010-04-01',
        CallbackSource: 'call-progress-events',
      });
      // initiated -> ringing takes 1 simulated second.
      expect(seconds(callbacks[1]!) - seconds(callbacks[0]!)).toBe(1);
    }

    expect(events(calls[0]!.sid)).toEqual(['initiated', 'ringing', 'busy']);
    expect(finals[0]!.params).toMatchObject({ CallDuration: '0', SipResponseCode: '486' });
    expect(events(calls[1]!.sid)).toEqual(['initiated', 'ringing', 'no-answer']);
    expect(finals[1]!.params).toMatchObject({ CallDuration: '0', SipResponseCode: '487' });
    // No answer: it rang for the whole 25 s Timeout.
    expect(seconds(finals[1]!) - seconds(statusCallbacks(calls[1]!.sid)[1]!)).toBe(25);
    expect(events(calls[3]!.sid)).toEqual(['initiated', 'ringing', 'failed']);
    expect(finals[3]!.params).toMatchObject({ CallDuration: '0', SipResponseCode: '404' });
    for (const digit of [0, 1, 3]) {
      expect(finals[digit]!.params.Duration).toBeUndefined();
      expect(sandbox.app.about(calls[digit]!.sid, '/twiml')).toEqual([]);
      expect(sandbox.app.about(calls[digit]!.sid, '/amd')).toEqual([]);
    }

    for (const digit of [2, 4, 5, 6, 7, 8, 9]) {
      const sid = calls[digit]!.sid;
      expect(events(sid)).toEqual(['initiated', 'ringing', 'in-progress', 'completed']);
      expect(finals[digit]!.params).toMatchObject({ SipResponseCode: '200', Duration: '1' });
      expect(sandbox.app.about(sid, '/twiml')).toHaveLength(1);
      expect(sandbox.app.about(sid, '/twiml')[0]!.signatureValid).toBe(true);
      const [amd] = sandbox.app.about(sid, '/amd');
      expect(amd?.signatureValid).toBe(true);
      expect(amd?.params).toMatchObject(
        digit === 2
          ? { AnsweredBy: 'machine_end_beep', MachineDetectionDuration: '3000' }
          : { AnsweredBy: 'human', MachineDetectionDuration: '2000' },
      );
      // From answer to hang-up, in simulated seconds.
      const answered = statusCallbacks(sid)[2]!;
      // (Timestamps carry whole seconds, CallDuration is rounded up.)
      expect(Math.abs(seconds(finals[digit]!) - seconds(answered) - durationOf(digit))).toBeLessThanOrEqual(
        1,
      );
    }
    // The machine and the listeners hear everything (15.8 s); 4 presses 9 and hears the goodbye
    // (8 + 2.4 + 1 + 2.8 s); 5 hangs up after 5 s.
    expect([2, 6, 7, 8, 9].map(durationOf)).toEqual([16, 16, 16, 16, 16]);
    expect(durationOf(4)).toBe(15);
    // (A second later when our TwiML is slow to come: they wait to hear whether it is a recording.)
    expect([5, 6]).toContain(durationOf(5));
    const gathered = sandbox.app.about(calls[4]!.sid, '/gather');
    expect(gathered).toHaveLength(1);
    expect(gathered[0]).toMatchObject({
      signatureValid: true,
      params: { Digits: '9', CallStatus: 'in-progress' },
    });
    for (const digit of [2, 5, 6]) expect(sandbox.app.about(calls[digit]!.sid, '/gather')).toEqual([]);

    // The calls lasted 28 simulated seconds at most, and took far less wall time.
    expect(wallSeconds).toBeLessThan(15);

    const fetched = await Promise.all(calls.map((c) => platform().calls(c.sid).fetch()));
    expect(fetched.map((c) => c.status)).toEqual([
      'busy',
      'no-answer',
      'completed',
      'failed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
      'completed',
    ]);
    expect(fetched[2]).toMatchObject({
      answeredBy: 'machine_end_beep',
      duration: '16',
      price: '-0.01400',
      priceUnit: 'USD',
    });
    expect(fetched[6]).toMatchObject({ answeredBy: 'human', duration: '16', price: '-0.01400' });
    expect(fetched[0]).toMatchObject({ answeredBy: null, duration: null, price: null });
    // Start (dialed) to end: 1 s to ring + 5 s of ringing + 16 s of talk, in simulated time.
    const dialedToEnd = (fetched[6]!.endTime.getTime() - fetched[6]!.startTime.getTime()) / 1000;
    expect([21, 22]).toContain(dialedToEnd);
  });

  it('holds the TwiML until synchronous AMD has decided, and sends AnsweredBy with it', async () => {
    const call = await placeCall('+12125550112', { asyncAmd: 'false', asyncAmdStatusCallback: undefined });
    await finalCallback(call.sid);
    const [twimlRequest] = sandbox.app.about(call.sid, '/twiml');
    expect(twimlRequest?.params.AnsweredBy).toBe('machine_end_beep');
    expect(sandbox.app.about(call.sid, '/amd')).toEqual([]);
  });

  it('hangs up a live call on Status=completed and cancels a ringing one on Status=canceled', async () => {
    sandbox.app.serve('/twiml/long', `<Response><Say>${words(150)}</Say></Response>`);
    const live = await placeCall('+12125550116', { url: sandbox.app.url('/twiml/long') });
    // Nobody answers a number ending in 1: it rings until its Timeout.
    const ringing = await placeCall('+12125550121', { url: sandbox.app.url('/twiml/long'), timeout: 600 });
    await waitFor(
      () => statusCallbacks(live.sid).some((r) => r.params.CallStatus === 'in-progress'),
      'an answer',
    );
    const ended = await platform().calls(live.sid).update({ status: 'completed' });
    expect(ended.status).toBe('completed');
    const final = await finalCallback(live.sid);
    // It was hung up long before the 60 s of speech ended.
    expect(Number(final.params.CallDuration)).toBeLessThan(50);

    await waitFor(
      () => statusCallbacks(ringing.sid).some((r) => r.params.CallStatus === 'ringing'),
      'ringing',
    );
    // canceled leaves a live call alone, but ends one that is still ringing.
    expect((await platform().calls(ringing.sid).update({ status: 'canceled' })).status).toBe('canceled');
    expect((await finalCallback(ringing.sid)).params).toMatchObject({
      CallStatus: 'canceled',
      CallDuration: '0',
    });
  });

  it('replaces what a live call plays with the TwiML of an update', async () => {
    sandbox.app.serve('/twiml/long', `<Response><Say>${words(150)}</Say></Response>`);
    sandbox.app.serve('/after-switch', '<Response><Say>Switched.</Say></Response>');
    const call = await placeCall('+12125550118', { url: sandbox.app.url('/twiml/long') });
    await waitFor(
      () => statusCallbacks(call.sid).some((r) => r.params.CallStatus === 'in-progress'),
      'an answer',
    );
    await platform()
      .calls(call.sid)
      .update({
        twiml: `<Response><Pause length="2"/><Redirect>${sandbox.app.url('/after-switch')}</Redirect></Response>`,
      });
    const final = await finalCallback(call.sid);
    expect(sandbox.app.about(call.sid, '/after-switch')).toHaveLength(1);
    expect(Number(final.params.CallDuration)).toBeLessThan(50);
    // An ended call cannot be redirected.
    await expect(
      platform().calls(call.sid).update({ twiml: '<Response><Hangup/></Response>' }),
    ).rejects.toMatchObject({
      code: 21220,
    });
  });

  it("lists calls by To and start time, and finds no other account's calls", async () => {
    const to = '+13125550139';
    const before = new Date(Date.now() - 60_000);
    const first = await placeCall(to);
    const second = await placeCall(to);
    await Promise.all([finalCallback(first.sid), finalCallback(second.sid)]);
    const listed = await platform().calls.list({ to, startTimeAfter: before });
    expect(listed.map((c) => c.sid)).toEqual([second.sid, first.sid]);
    expect(await platform().calls.list({ to, startTimeAfter: new Date(Date.now() + 3_600_000) })).toEqual([]);
    expect(await platform().calls.list({ to, status: 'busy' })).toEqual([]);
    expect(await twilioClient(sandbox.customer).calls.list({ to })).toEqual([]);
    await expect(twilioClient(sandbox.customer).calls(first.sid).fetch()).rejects.toMatchObject({
      code: 20404,
      status: 404,
    });
  });

  it('lists the calls that ended in a time range, with their prices, page by page', async () => {
    const before = new Date(Date.now() - 60_000);
    const [person, other, busy] = await Promise.all(
      ['+13125550146', '+13125550147', '+13125550140'].map((to) => placeCall(to)),
    );
    const finals = await Promise.all([person, other, busy].map((c) => finalCallback(c.sid)));
    const lastEnd = Math.max(...finals.map((f) => Date.parse(f.params.Timestamp!)));
    const ended = (range: { endTimeAfter?: Date; endTimeBefore?: Date }, pageSize = 1000) =>
      platform().calls.list({ status: 'completed', pageSize, ...range });

    // Other tests' calls on the account are listed too, ending at any simulated time: only this
    // test's are looked for.
    const ours = <C extends { sid: string }>(calls: C[]) =>
      calls.filter((c) => [person.sid, other.sid, busy.sid].includes(c.sid));
    // (Page by page: one call a page.)
    const listed = await ended({ endTimeAfter: before, endTimeBefore: new Date(lastEnd + 1_000) }, 1);
    const mine = ours(listed);
    expect(mine.map((c) => c.sid).sort()).toEqual([person.sid, other.sid].sort());
    expect(mine.map((c) => c.price)).toEqual(['-0.01400', '-0.01400']);
    expect(listed.every((c) => c.status === 'completed' && c.endTime.getTime() <= lastEnd + 1_000)).toBe(
      true,
    );
    expect(ours(await ended({ endTimeBefore: before }))).toEqual([]);
    expect(ours(await ended({ endTimeAfter: new Date(lastEnd + 3_600_000) }))).toEqual([]);
    const all = await platform().calls.list({ endTimeAfter: before });
    expect(all.map((c) => c.sid)).toContain(busy.sid);
  });

  it("signs a customer account's callbacks with that account's token", async () => {
    const own = twilioClient(sandbox.customer);
    const call = await own.calls.create({
      to: '+12125550119',
      from: '+14155551234',
      twiml: '<Response><Say>Hi there.</Say></Response>',
      statusCallback: sandbox.app.url('/status'),
    });
    const final = await finalCallback(call.sid);
    expect(final).toMatchObject({
      signatureValid: true,
      params: { AccountSid: sandbox.customer.accountSid, SequenceNumber: '0' },
    });
    expect(final.params.CallDuration).toBe('1');
  });
});
