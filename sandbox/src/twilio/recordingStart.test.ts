import { describe, expect, it } from 'vitest';
import { personaFor } from './personas';
import { bridgedSpeech } from './recordings';
import { parseTwiml, playVerb, type VerbContext } from './twiml';

const context: VerbContext = {
  persona: personaFor('+12125550106'),
  documentUrl: 'https://app.example/twiml/7',
};
const play = (xml: string) => parseTwiml(`<Response>${xml}</Response>`).map((v) => playVerb(v, context));

describe('<Start><Recording> as the sandbox plays it', () => {
  it('starts a recording with its callback and goes on at once', () => {
    expect(
      play(
        '<Start><Recording channels="dual" recordingStatusCallback="/calls/7/recording-status" recordingStatusCallbackMethod="post" recordingStatusCallbackEvent="in-progress completed"/></Start>',
      ),
    ).toEqual([
      {
        kind: 'start-recording',
        recording: {
          channels: 2,
          statusCallback: 'https://app.example/calls/7/recording-status',
          statusCallbackMethod: 'POST',
          statusCallbackEvents: ['in-progress', 'completed'],
        },
      },
    ]);
  });

  it('records one mixed channel by default, posts only `completed`, and skips a <Start> without <Recording>', () => {
    expect(play('<Start><Recording/></Start><Start><Stream url="wss://x"/></Start>')).toEqual([
      {
        kind: 'start-recording',
        recording: {
          channels: 1,
          statusCallback: undefined,
          statusCallbackMethod: 'POST',
          statusCallbackEvents: ['completed'],
        },
      },
      { kind: 'next' },
    ]);
  });
});

describe('a bridged transfer on the recording', () => {
  it('has the person who answered and the caller speak in turns until the leg ends', () => {
    expect(bridgedSpeech(1000, 11_000)).toEqual([
      { channel: 1, from: 1000, to: 5000 },
      { channel: 0, from: 5000, to: 9000 },
      { channel: 1, from: 9000, to: 11_000 },
    ]);
    expect(bridgedSpeech(1000, 1000)).toEqual([]);
  });
});
