import { logger } from '../../logger';
import type { RecordingRequest } from '../recordings';
import { resolveUrl, type VerbPlayer } from './verbs';

/** Twilio's default `recordingStatusCallbackEvent`: the recording's end only. */
const DEFAULT_EVENTS = ['completed'];

/**
 * `<Start><Recording>`: the call is recorded from now until it ends, while the next verb plays at
 * once (a `<Start>` takes no time). `channels="dual"` keeps the caller and our side apart; Twilio's
 * default is one mixed channel. Any other noun (`<Stream>`, `<Siprec>`, ...) is skipped.
 */
const start: VerbPlayer = (verb, context) => {
  const recording = verb.children.find((child) => child.name === 'Recording');
  if (!recording) {
    logger.warn(
      { nouns: verb.children.map((child) => child.name) },
      'twilio sandbox: <Start> without a <Recording>: skipped',
    );
    return { kind: 'next' };
  }
  const { attrs } = recording;
  const events = attrs.recordingStatusCallbackEvent?.split(/[\s,]+/).filter(Boolean);
  const request: RecordingRequest = {
    channels: attrs.channels?.toLowerCase() === 'dual' ? 2 : 1,
    statusCallback: attrs.recordingStatusCallback
      ? resolveUrl(attrs.recordingStatusCallback, context)
      : undefined,
    statusCallbackMethod: (attrs.recordingStatusCallbackMethod || 'POST').toUpperCase(),
    statusCallbackEvents: events?.length ? events : DEFAULT_EVENTS,
  };
  return { kind: 'start-recording', recording: request };
};

export const startVerbs: Record<string, VerbPlayer> = { Start: start };
