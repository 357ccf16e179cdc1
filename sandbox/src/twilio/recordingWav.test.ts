import { describe, expect, it } from 'vitest';
import { byteRange, SAMPLE_RATE, WAV_HEADER_BYTES, wavBytes, wavSize, type WavSpec } from './recordingWav';

const whole = (spec: WavSpec, start?: number, end?: number) => Buffer.concat([...wavBytes(spec, start, end)]);

/** The samples of one channel, from the whole file's bytes. */
function channelSamples(file: Buffer, channels: number, channel: number): number[] {
  const samples: number[] = [];
  for (let at = WAV_HEADER_BYTES + channel * 2; at < file.length; at += channels * 2)
    samples.push(file.readInt16LE(at));
  return samples;
}

const loud = (samples: number[], fromMs: number, toMs: number) =>
  samples.slice((fromMs * SAMPLE_RATE) / 1000, (toMs * SAMPLE_RATE) / 1000).some((s) => Math.abs(s) > 1000);

const CALL: WavSpec = {
  durationSeconds: 3,
  channels: 2,
  speech: [
    { channel: 1, fromMs: 0, toMs: 1000 },
    { channel: 0, fromMs: 1500, toMs: 2000 },
    // Overlapping turns of the same side are one span.
    { channel: 1, fromMs: 2200, toMs: 2600 },
    { channel: 1, fromMs: 2500, toMs: 9000 },
  ],
};

describe('the sandbox recording’s WAV', () => {
  it('is a 16-bit PCM WAV of two channels at 8 kHz, as long as the recording', () => {
    const file = whole(CALL);
    expect(file.length).toBe(wavSize(CALL));
    expect(file.length).toBe(44 + 3 * 8000 * 2 * 2);
    expect(file.toString('ascii', 0, 4)).toBe('RIFF');
    expect(file.readUInt32LE(4)).toBe(file.length - 8);
    expect(file.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect(file.readUInt16LE(20)).toBe(1);
    expect(file.readUInt16LE(22)).toBe(2);
    expect(file.readUInt32LE(24)).toBe(8000);
    expect(file.readUInt32LE(28)).toBe(8000 * 4);
    expect(file.readUInt16LE(32)).toBe(4);
    expect(file.readUInt16LE(34)).toBe(16);
    expect(file.toString('ascii', 36, 40)).toBe('data');
    expect(file.readUInt32LE(40)).toBe(3 * 8000 * 4);
  });

  it('has a tone where each side spoke, in its own channel, and silence elsewhere', () => {
    const file = whole(CALL);
    const caller = channelSamples(file, 2, 0);
    const agent = channelSamples(file, 2, 1);
    expect(loud(agent, 0, 1000)).toBe(true);
    expect(loud(caller, 0, 1000)).toBe(false);
    expect(loud(agent, 1000, 2200)).toBe(false);
    expect(loud(caller, 1500, 2000)).toBe(true);
    expect(loud(caller, 2000, 3000)).toBe(false);
    // The last turn runs past the end: cut at the recording's end.
    expect(loud(agent, 2200, 3000)).toBe(true);
    expect(agent).toHaveLength(3 * 8000);
  });

  it('gives any byte range exactly as the whole file has it', () => {
    const file = whole(CALL);
    for (const [start, end] of [
      [0, 43],
      [10, 99],
      [100, 199],
      [43, 45],
      [16_385, 40_000],
      [file.length - 3, file.length - 1],
    ] as const) {
      const part = whole(CALL, start, end);
      expect(part.length).toBe(end - start + 1);
      expect(part.equals(file.subarray(start, end + 1))).toBe(true);
    }
  });

  it('mixes everyone into one channel when the recording is mono', () => {
    const mono = { ...CALL, channels: 1 };
    const file = whole(mono);
    expect(file.readUInt16LE(22)).toBe(1);
    expect(file.length).toBe(44 + 3 * 8000 * 2);
    const samples = channelSamples(file, 1, 0);
    expect(loud(samples, 0, 1000) && loud(samples, 1500, 2000)).toBe(true);
    expect(loud(samples, 1000, 1500)).toBe(false);
  });

  it('reads Range headers as HTTP does', () => {
    expect(byteRange('bytes=100-199', 1000)).toEqual({ start: 100, end: 199 });
    expect(byteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(byteRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(byteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(byteRange('bytes=5-2', 1000)).toBe('unsatisfiable');
    expect(byteRange(undefined, 1000)).toBeNull();
    expect(byteRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(byteRange('items=0-1', 1000)).toBeNull();
  });
});
