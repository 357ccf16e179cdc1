import { describe, expect, it, onTestFinished } from 'vitest';
import { config } from '../src/config';
import { Appointment, CallRecord, CallTranscriptTurn, DoNotCallNumber } from '../src/db/models';
import { answeredCall } from './helpers/relay';
import { useTwilioSandbox, waitFor } from './helpers/twilioSandbox';

/** The Twilio sandbox's personas talking with our real relay and agent, end to end. */
const sandbox = useTwilioSandbox();

describe('Twilio sandbox: personas talking with our agent', () => {
  it('4 is put on the do-not-call list and 6 books, with every turn stored in order', async () => {
    // Our real api is PUBLIC_URL for this test: its relay is the only one the sandbox opens.
    config.publicUrl = sandbox.api.baseUrl;
    onTestFinished(() => {
      config.publicUrl = sandbox.app.baseUrl;
    });
    const [removal, booker] = await Promise.all(
      ['+12125550304', '+12125550306'].map((to) => answeredCall(sandbox.api.baseUrl, to)),
    );
    await Promise.all([removal!, booker!].map(({ call }) => sandbox.playToOurAgent(call)));

    const outcomes = async () =>
      Promise.all([removal!, booker!].map(async ({ call }) => (await CallRecord.findByPk(call.id))!.outcome));
    await waitFor(async () => (await outcomes()).every(Boolean), 'both outcomes');
    expect(await outcomes()).toEqual(['do_not_call', 'appointment_booked']);
    expect(
      await DoNotCallNumber.findOne({ where: { userId: removal!.user.id, phoneNumber: '+12125550304' } }),
    ).toMatchObject({ source: 'agent', callRecordId: removal!.call.id });

    // The booking is the outcome as soon as the tool books it; the closing turn is stored after it.
    const bookerTurns = () => CallTranscriptTurn.count({ where: { callRecordId: booker!.call.id } });
    await waitFor(async () => (await bookerTurns()) >= 7, 'the closing turn');
    const turns = await CallTranscriptTurn.findAll({
      where: { callRecordId: booker!.call.id },
      order: [['seq', 'ASC']],
    });
    expect(turns.map((t) => t.speaker)).toEqual([
      'agent',
      'callee',
      'agent',
      'callee',
      'agent',
      'callee',
      'agent',
    ]);
    expect(turns.map((t) => t.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(turns[0]!.text).toBe(
      'Hi, this is Ava, an AI assistant calling on behalf of Spring Dental Clinic.',
    );
    expect(turns.filter((t) => t.speaker === 'callee').map((t) => t.text)).toEqual([
      "I'm doing well, thanks. What is this about?",
      'That sounds good. Could we do tomorrow morning?',
      "The first one works. I'm Bella Booker, my email is bella.booker@example.com.",
    ]);
    // The free times offered, then the one picked read back, booked and named in the closing.
    expect(turns[4]!.text).toMatch(/Which would suit you\?$/);
    expect(turns[6]!.text).toMatch(
      /I have your email as bella dot booker at example dot com\..*You're all set for /,
    );
    expect(await Appointment.findOne({ where: { callRecordId: booker!.call.id } })).toMatchObject({
      status: 'booked',
      attendeeName: 'Bella Booker',
      attendeeEmail: 'bella.booker@example.com',
    });
    expect(turns.map((t) => t.offsetMs)).toEqual([...turns.map((t) => t.offsetMs)].sort((a, b) => a - b));
  });
});
