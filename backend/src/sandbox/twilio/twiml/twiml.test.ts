import { describe, expect, it } from 'vitest';
import { personaFor } from '../personas';
import { parseTwiml, playVerb, TwimlParseError, type VerbContext } from './index';

const listener: VerbContext = {
  persona: personaFor('+12125550106'),
  documentUrl: 'https://app.example/twiml/7',
};
const presser: VerbContext = { ...listener, persona: personaFor('+12125550104') };
const play = (xml: string, context = listener) =>
  parseTwiml(`<Response>${xml}</Response>`).map((v) => playVerb(v, context));

describe('TwiML as the sandbox plays it', () => {
  it('parses the verbs of a <Response>, with attributes, nested nouns and text', () => {
    const [say, gather] = parseTwiml(
      '<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="alice"> Hello &amp; welcome </Say><Gather numDigits="1"><Say>Press 9</Say></Gather></Response>',
    );
    expect(say).toMatchObject({ name: 'Say', attrs: { voice: 'alice' }, text: 'Hello & welcome' });
    expect(gather!.children.map((c) => c.name)).toEqual(['Say']);
  });

  it('refuses what is not a TwiML document', () => {
    expect(() => parseTwiml('<Response><Say>unclosed</Response>')).toThrow(TwimlParseError);
    expect(() => parseTwiml('<Other/>')).toThrow(/<Response>/);
    expect(() => parseTwiml('plain text')).toThrow(TwimlParseError);
  });

  it('speaks at 150 words a minute, loops, pauses, and skips what it does not play', () => {
    expect(play('<Say>one two three four five</Say>')).toEqual([{ kind: 'wait', ms: 2000 }]);
    expect(play('<Say loop="2">one two <emphasis>three</emphasis></Say>')).toEqual([
      { kind: 'wait', ms: 2400 },
    ]);
    expect(play('<Pause length="3"/><Pause/>')).toEqual([
      { kind: 'wait', ms: 3000 },
      { kind: 'wait', ms: 1000 },
    ]);
    expect(play('<Say></Say><Play>https://x/a.mp3</Play>')).toEqual([{ kind: 'next' }, { kind: 'next' }]);
  });

  it('ends the call on <Hangup/> and fetches a <Redirect> relative to the document', () => {
    expect(play('<Hangup/>')).toEqual([{ kind: 'hangup' }]);
    expect(play('<Redirect method="get">/next</Redirect>')).toEqual([
      { kind: 'fetch', ms: 0, url: 'https://app.example/next', method: 'GET', params: {} },
    ]);
  });

  it('waits out a <Gather> for a listener, and posts the presser’s 9 to its action', () => {
    const gather =
      '<Gather numDigits="1" action="gather" timeout="4"><Say>Press 9 now</Say><Pause length="1"/></Gather>';
    // Prompt 1.2 s + 1 s pause, then the 4 s timeout.
    expect(play(gather)).toEqual([{ kind: 'wait', ms: 6200 }]);
    // The key a second after the prompt, sent at once with numDigits="1".
    expect(play(gather, presser)).toEqual([
      {
        kind: 'fetch',
        ms: 3200,
        url: 'https://app.example/twiml/gather',
        method: 'POST',
        params: { Digits: '9' },
      },
    ]);
    // Without numDigits Twilio waits for the timeout after the last key; without action it posts to the document.
    expect(play('<Gather timeout="2"><Say>Press 9</Say></Gather>', presser)).toEqual([
      {
        kind: 'fetch',
        ms: 3800,
        url: 'https://app.example/twiml/7',
        method: 'POST',
        params: { Digits: '9' },
      },
    ]);
    // Speech-only gathers hear no key; inline TwiML has no URL to post to.
    expect(play('<Gather input="speech" timeout="2"/>', presser)).toEqual([{ kind: 'wait', ms: 2000 }]);
    expect(play('<Gather numDigits="1" timeout="2"/>', { ...presser, documentUrl: undefined })).toEqual([
      { kind: 'wait', ms: 1000 },
    ]);
  });
});

describe('sandbox personas', () => {
  it('follow the last digit of the number called', () => {
    expect(['0', '1', '2', '3', '4', '5', '6', '9'].map((d) => personaFor(`+1212555010${d}`))).toEqual([
      { kind: 'busy' },
      { kind: 'no-answer' },
      { kind: 'machine' },
      { kind: 'failed' },
      { kind: 'person', pressesAtGather: '9' },
      { kind: 'person', hangsUpAfterMs: 5000 },
      { kind: 'person' },
      { kind: 'person' },
    ]);
  });
});
