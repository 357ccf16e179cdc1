import { describe, expect, it } from 'vitest';
import { VOLUME_OPTIONS, volumeChangeNote } from './planChange';

describe('volumeChangeNote', () => {
  it('says nothing while the volume is unchanged', () => {
    expect(volumeChangeNote(500, 500, null)).toBeNull();
  });

  it('says more calls start now, prorated', () => {
    expect(volumeChangeNote(500, 1000, '2027-01-06T12:00:00.000Z')).toMatch(
      /^1,000 calls a month from now: more calls now, prorated/,
    );
  });

  it('says fewer calls start with the next period, on its date', () => {
    const note = volumeChangeNote(1000, 250, '2027-01-06T12:00:00.000Z');
    expect(note).toMatch(/^250 calls a month: fewer from .*2027; this period keeps its 1,000 calls\.$/);
    expect(volumeChangeNote(1000, 250, null)).toContain('fewer from the next billing period');
  });
});

describe('VOLUME_OPTIONS', () => {
  it('prices each choice with the shared pricing', () => {
    expect(VOLUME_OPTIONS[0]).toEqual({ value: 100, label: '100 calls — $80/month' });
    expect(VOLUME_OPTIONS.find((o) => o.value === 5000)?.label).toBe('5,000 calls — $3,400/month');
  });
});
