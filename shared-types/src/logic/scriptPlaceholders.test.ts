import { describe, expect, it } from 'vitest';
import { scriptPlaceholders } from './scriptPlaceholders';

describe('scriptPlaceholders', () => {
  it('finds nothing in scripts ready to speak, or in none at all', () => {
    expect(scriptPlaceholders({})).toEqual([]);
    expect(
      scriptPlaceholders({
        scriptAnswering: 'Hi, this is Ava from Bright Smile Dental.',
        scriptVoicemail: null,
        scriptOther: 'Never promise a price (ask the office).',
      }),
    ).toEqual([]);
  });

  it('names each script with a placeholder, in the wizard order, each placeholder once', () => {
    expect(
      scriptPlaceholders({
        scriptVoicemail: 'Call us back at [Callback Number]. [Callback Number] again.',
        scriptAnswering: 'This is Ava from [Company Name], about [Offer].',
      }),
    ).toEqual([
      { scriptType: 'answering', label: 'Answering Script', placeholders: ['[Company Name]', '[Offer]'] },
      { scriptType: 'voicemail', label: 'Voicemail', placeholders: ['[Callback Number]'] },
    ]);
  });

  it('ignores brackets that are not a short gap on one line', () => {
    expect(scriptPlaceholders({ scriptRebuttals: `[]; [${'x'.repeat(80)}]; [a\nb]` })).toEqual([]);
  });
});
