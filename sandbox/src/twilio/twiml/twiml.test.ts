import { describe, expect, it } from 'vitest';
import { personaFor } from '../personas';
import { parseTwiml, playVerb, speakingTime, TwimlParseError, type VerbContext } from './index';

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

describe('<Connect><ConversationRelay> as the sandbox plays it', () => {
  const relay = (attrs: string, children = '', connect = 'action="/relay-ended"') =>
    play(`<Connect ${connect}><ConversationRelay ${attrs}>${children}</ConversationRelay></Connect>`)[0];

  it('hands the call to a relay session with the socket, greeting, action and <Parameter>s', () => {
    expect(
      relay(
        'url="wss://app.example/relay/7?token=a.b" welcomeGreeting="Hi, this is Ava." interruptible="any" dtmfDetection="true"',
        '<Parameter name="callId" value="7"/><Parameter name="direction" value="outbound"/>',
        'action="https://app.example/calls/7/relay-ended" method="POST"',
      ),
    ).toEqual({
      kind: 'relay',
      relay: {
        url: 'wss://app.example/relay/7?token=a.b',
        welcomeGreeting: 'Hi, this is Ava.',
        action: 'https://app.example/calls/7/relay-ended',
        method: 'POST',
        parameters: { callId: '7', direction: 'outbound' },
        interruptible: true,
        dtmfDetection: true,
        partialPrompts: false,
      },
    });
  });

  it('resolves a relative action, and has none without one (the next verb plays)', () => {
    expect(relay('url="wss://x/relay"')).toMatchObject({
      relay: {
        action: 'https://app.example/relay-ended',
        method: 'POST',
        welcomeGreeting: '',
        parameters: {},
      },
    });
    expect(relay('url="wss://x/relay"', '', '')).toMatchObject({ relay: { action: undefined } });
  });

  it('reads interruptible as Twilio does (the booleans are any and none), and partial prompts', () => {
    const interruptible = (value: string) =>
      (relay(`url="wss://x" interruptible="${value}"`) as { relay: { interruptible: boolean } }).relay
        .interruptible;
    expect(['any', 'speech', 'true', 'none', 'dtmf', 'false'].map(interruptible)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(relay('url="wss://x"')).toMatchObject({ relay: { interruptible: true, dtmfDetection: false } });
    expect(relay('url="wss://x" partialPrompts="true"')).toMatchObject({ relay: { partialPrompts: true } });
  });

  it('skips a <Connect> it cannot play: another noun, or a relay without url', () => {
    expect(play('<Connect><Stream url="wss://x/stream"/></Connect>')).toEqual([{ kind: 'next' }]);
    expect(play('<Connect><ConversationRelay welcomeGreeting="Hi"/></Connect>')).toEqual([{ kind: 'next' }]);
  });

  it('times speech by its words, as <Say> is timed', () => {
    expect(speakingTime('one two  three ')).toBe(1200);
    expect(speakingTime('')).toBe(0);
  });
});

describe('sandbox personas', () => {
  it('follow the last digit of the number called', () => {
    const personas = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) =>
      personaFor(`+1212555010${d}`),
    );
    expect(personas.slice(0, 4)).toEqual([
      { kind: 'busy' },
      { kind: 'no-answer' },
      { kind: 'machine' },
      { kind: 'failed' },
    ]);
    expect(personas.slice(4).map((p) => p.kind === 'person' && p.conversation.role)).toEqual([
      'asks to be removed from the list',
      'objects, then declines',
      'is interested, asks for a time, picks one of the free slots offered and gives name and email',
      'asks about the documents and websites',
      'asks to be called back tomorrow',
      'talks over the agent mid-sentence, then carries on',
    ]);
    // On a recording: 4 presses 9 at a <Gather>, 5 hangs up after 5 s, the others listen to the end.
    expect(personas[4]).toMatchObject({ pressesAtGather: '9' });
    expect(personas[5]).toMatchObject({ hangsUpAfterMs: 5000 });
    for (const persona of personas.slice(6)) {
      expect(persona).not.toHaveProperty('pressesAtGather');
      expect(persona).not.toHaveProperty('hangsUpAfterMs');
    }
  });

  it('speak the lines the sandbox agent leads to their outcomes', () => {
    const lines = (digit: string) => {
      const persona = personaFor(`+1212555010${digit}`);
      return persona.kind === 'person' ? persona.conversation.lines.join(' ') : '';
    };
    expect(lines('4')).toMatch(/stop calling me/i);
    expect(lines('5')).toMatch(/not interested.*not interested/i);
    expect(lines('6')).toMatch(/tomorrow morning.*The first one works.*my email is/);
    expect(lines('7')).toMatch(/website/);
    expect(lines('8')).toMatch(/call me back tomorrow/);
    expect(personaFor('+12125550109')).toMatchObject({ conversation: { interruptsAfterWords: 3 } });
  });
});
