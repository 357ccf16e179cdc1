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

  it("flags a document's header and URLs pasted into a spoken script, not into the agent's instructions", () => {
    const pasted =
      'Hi, this is Maya, an AI assistant calling on behalf of Harbor Dental Studio. One thing worth knowing: ' +
      'Harbor Dental Studio - patient FAQ Website: https://harbordental.example Address: 120 Harbor Street, ' +
      'Suite 4, San Francisco, CA 94111 Opening hours: Monday to Friday 8:00-18:00.';
    expect(
      scriptPlaceholders({
        scriptAnswering: pasted,
        scriptVoicemail: 'Read more at www.harbordental.example. Thank you!',
        scriptOther: 'Prices are on https://harbordental.example; our address: ask the office.',
      }),
    ).toEqual([
      {
        scriptType: 'answering',
        label: 'Answering Script',
        placeholders: ['"Website:"', '"Address:"', '"Opening hours:"', 'https://harbordental.example'],
      },
      { scriptType: 'voicemail', label: 'Voicemail', placeholders: ['www.harbordental.example'] },
    ]);
    // Said in a sentence, the same facts are fine.
    expect(
      scriptPlaceholders({
        scriptAnswering: 'You can find our address and hours on our website: we are on Harbor Street.',
      }),
    ).toEqual([]);
  });

  it('ignores brackets that are not a short gap on one line', () => {
    expect(scriptPlaceholders({ scriptRebuttals: `[]; [${'x'.repeat(80)}]; [a\nb]` })).toEqual([]);
  });
});
