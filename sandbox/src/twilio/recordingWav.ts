/**
 * The audio of a sandbox recording: a real WAV file (RIFF, 16-bit PCM, 8 kHz, Twilio's telephony
 * rate), as long as the recording in simulated seconds, with a tone wherever someone spoke (the
 * caller in channel 1, our side in channel 2 of a dual-channel recording) and silence elsewhere.
 * It is made on request, byte range by byte range, from the turns' timings: a two-minute call is
 * nearly 4 MB of samples, too much to keep in Redis for every call.
 */
export const SAMPLE_RATE = 8000;
const BYTES_PER_SAMPLE = 2;
export const WAV_HEADER_BYTES = 44;
/** Tones a listener tells apart: a lower one for the caller, a higher one for our side. */
const TONE_HZ = [440, 660];
/** About a third of full scale: audible, never clipping. */
const AMPLITUDE = 10_000;
/** Frames generated at a time (16 KB of a dual-channel file). */
const FRAMES_PER_CHUNK = 4096;

/** Someone speaking, in ms from the recording's start; `channel` 0 is the caller, 1 our side. */
export interface SpeechSpan {
  channel: number;
  fromMs: number;
  toMs: number;
}

export interface WavSpec {
  durationSeconds: number;
  channels: number;
  speech: SpeechSpan[];
}

const frameCount = (spec: Pick<WavSpec, 'durationSeconds'>) =>
  Math.max(0, Math.round(spec.durationSeconds * SAMPLE_RATE));

/** The whole file's size in bytes. */
export const wavSize = (spec: Pick<WavSpec, 'durationSeconds' | 'channels'>) =>
  WAV_HEADER_BYTES + frameCount(spec) * spec.channels * BYTES_PER_SAMPLE;

/** The canonical 44-byte header of a PCM WAV file holding `frames` frames. */
export function wavHeader(frames: number, channels: number): Buffer {
  const dataBytes = frames * channels * BYTES_PER_SAMPLE;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE * channels * BYTES_PER_SAMPLE, 28);
  header.writeUInt16LE(channels * BYTES_PER_SAMPLE, 32);
  header.writeUInt16LE(BYTES_PER_SAMPLE * 8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Each channel's spans as frame ranges, sorted and merged (a turn may overlap the one before). */
function channelRanges(spec: WavSpec): [number, number][][] {
  const ranges: [number, number][][] = Array.from({ length: spec.channels }, () => []);
  const sorted = [...spec.speech].sort((a, b) => a.fromMs - b.fromMs);
  for (const span of sorted) {
    // A mono recording mixes everyone into its one channel.
    const channel = spec.channels === 1 ? 0 : span.channel;
    const list = ranges[channel];
    if (!list) continue;
    const from = Math.max(0, Math.round((span.fromMs * SAMPLE_RATE) / 1000));
    const to = Math.min(frameCount(spec), Math.round((span.toMs * SAMPLE_RATE) / 1000));
    if (to <= from) continue;
    const last = list[list.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else list.push([from, to]);
  }
  return ranges;
}

/**
 * The file's bytes from `start` to `end` inclusive (a Range request's), in chunks of a few KB.
 * Frames are computed only for the range asked for.
 */
export function* wavBytes(spec: WavSpec, start = 0, end = wavSize(spec) - 1): Generator<Buffer> {
  const frames = frameCount(spec);
  const { channels } = spec;
  const frameBytes = channels * BYTES_PER_SAMPLE;
  if (start < WAV_HEADER_BYTES) {
    yield wavHeader(frames, channels).subarray(start, Math.min(WAV_HEADER_BYTES, end + 1));
  }
  const dataStart = Math.max(start, WAV_HEADER_BYTES) - WAV_HEADER_BYTES;
  const dataEnd = end + 1 - WAV_HEADER_BYTES;
  if (dataEnd <= dataStart) return;
  const ranges = channelRanges(spec);
  const cursor = ranges.map(() => 0);
  for (let first = Math.floor(dataStart / frameBytes); first * frameBytes < dataEnd;) {
    const count = Math.min(FRAMES_PER_CHUNK, frames - first);
    if (count <= 0) return;
    const chunk = Buffer.alloc(count * frameBytes);
    for (let i = 0; i < count; i++) {
      const frame = first + i;
      for (let channel = 0; channel < channels; channel++) {
        const list = ranges[channel]!;
        while (cursor[channel]! < list.length && list[cursor[channel]!]![1] <= frame) cursor[channel]!++;
        const range = list[cursor[channel]!];
        if (!range || frame < range[0]) continue;
        const sample = Math.sin((2 * Math.PI * TONE_HZ[channel % 2]! * frame) / SAMPLE_RATE);
        chunk.writeInt16LE(Math.round(AMPLITUDE * sample), i * frameBytes + channel * BYTES_PER_SAMPLE);
      }
    }
    const chunkStart = first * frameBytes;
    yield chunk.subarray(Math.max(0, dataStart - chunkStart), Math.min(chunk.length, dataEnd - chunkStart));
    first += count;
  }
}

/**
 * A `Range` header against a file of `size` bytes: the one range it asks for, inclusive; null
 * without one (or one this server does not read, a list of ranges); 'unsatisfiable' past the end.
 */
export function byteRange(header: string | undefined, size: number) {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // A suffix: the last n bytes.
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || end < start) return 'unsatisfiable' as const;
  return { start, end };
}
