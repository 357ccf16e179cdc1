import { describe, expect, it } from 'vitest';
import { answererOf } from '../call';
import { destinationFor, personaFor } from '../personas';
import { parseTwiml, playVerb, type VerbContext } from './index';

const context: VerbContext = {
  persona: personaFor('+12125550106'),
  documentUrl: 'https://app.example/webhooks/twilio/calls/7/relay-ended',
};
const play = (xml: string, at = context) =>
  parseTwiml(`<Response>${xml}</Response>`).map((v) => playVerb(v, at));

describe('<Dial> as the sandbox plays it', () => {
  it('dials the <Number> with its whisper url, the timeout, action and callerId our transfer sends', () => {
    const base = 'https://app.example/webhooks/twilio/calls/7';
    expect(
      play(
        `<Dial timeout="25" action="${base}/transfer-status" method="POST" callerId="+19075550100" answerOnBridge="true">` +
          `<Number url="${base}/whisper" method="POST">+12125550102</Number></Dial>`,
      ),
    ).toEqual([
      {
        kind: 'dial',
        dial: {
          number: '+12125550102',
          url: `${base}/whisper`,
          urlMethod: 'POST',
          timeoutSeconds: 25,
          action: `${base}/transfer-status`,
          method: 'POST',
          callerId: '+19075550100',
        },
      },
    ]);
  });

  it("takes a bare number as the Dial's text, with Twilio's defaults, and resolves relative URLs", () => {
    expect(play('<Dial> +12125550102 </Dial>')).toEqual([
      {
        kind: 'dial',
        dial: {
          number: '+12125550102',
          url: undefined,
          urlMethod: 'POST',
          timeoutSeconds: 30,
          action: undefined,
          method: 'POST',
          callerId: undefined,
        },
      },
    ]);
    expect(
      play(
        '<Dial action="transfer-status" method="get"><Number url="whisper" method="get">+12125550102</Number></Dial>',
      ),
    ).toMatchObject([
      {
        dial: {
          url: 'https://app.example/webhooks/twilio/calls/7/whisper',
          urlMethod: 'GET',
          action: 'https://app.example/webhooks/twilio/calls/7/transfer-status',
          method: 'GET',
        },
      },
    ]);
  });

  it("keeps the timeout within Twilio's 5 to 600 seconds", () => {
    const timeout = (value: string) =>
      (play(`<Dial timeout="${value}">+12125550102</Dial>`)[0] as { dial: { timeoutSeconds: number } }).dial
        .timeoutSeconds;
    expect(['1', '25', '9999', 'soon'].map(timeout)).toEqual([5, 25, 600, 30]);
  });

  it('skips a <Dial> with nothing it can call (no number, a conference, a client)', () => {
    expect(
      play('<Dial></Dial><Dial><Conference>room</Conference></Dial><Dial><Client>ava</Client></Dial>'),
    ).toEqual([{ kind: 'next' }, { kind: 'next' }, { kind: 'next' }]);
  });
});

describe('transfer destinations', () => {
  it('never answer on 1, are busy on 3, and answer on any other digit', () => {
    expect(['1', '3', '0', '2', '4', '7', '9'].map((d) => destinationFor(`+1212555010${d}`).kind)).toEqual([
      'no-answer',
      'busy',
      'person',
      'person',
      'person',
      'person',
      'person',
    ]);
  });

  it("answer a <Dial> leg, while a call placed through the API meets the number's persona", () => {
    const from = '+19075550100';
    expect(answererOf({ direction: 'outbound-dial', from, to: '+12125550103' })).toEqual({ kind: 'busy' });
    expect(answererOf({ from, to: '+12125550103' })).toEqual({ kind: 'failed' });
    expect(answererOf({ direction: 'outbound-dial', from, to: '+12125550102' }).kind).toBe('person');
    expect(answererOf({ from, to: '+12125550102' })).toEqual({ kind: 'machine' });
    // On an inbound call the sandbox plays the caller.
    expect(answererOf({ direction: 'inbound', from: '+12125550102', to: from })).toEqual({ kind: 'machine' });
  });
});
