import { describe, expect, it } from 'vitest';
import { personaFor } from './personas';
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
