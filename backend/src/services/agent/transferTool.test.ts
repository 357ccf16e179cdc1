import { describe, expect, it } from 'vitest';
import { transferStatusOfDial } from '../calls/events';
import { transferSummary, type TransferContext } from './transferTool';

const context = (callerName: string | null): TransferContext => ({
  destinations: [],
  callerName,
  callerNumber: '+12125550117',
  campaignName: "Acme's winter offer",
  transferred: false,
});

describe('transferSummary', () => {
  it('says who is calling, about what and why, then that they are put through', () => {
    expect(transferSummary(context('Jane Doe'), 'wants a quote for two units.')).toBe(
      "Ringcast call from Jane Doe about Acme's winter offer: wants a quote for two units. Connecting you now.",
    );
    expect(transferSummary(context(null), 'billing question')).toBe(
      "Ringcast call from (212) 555-0117 about Acme's winter offer: billing question. Connecting you now.",
    );
    expect(transferSummary(context('Jane Doe'), 'asked: How much does it cost?')).toBe(
      "Ringcast call from Jane Doe about Acme's winter offer: asked: How much does it cost? Connecting you now.",
    );
  });

  it('keeps to 500 characters, the end included', () => {
    const long = transferSummary(context('Jane Doe'), 'x'.repeat(600));
    expect(long).toHaveLength(500);
    expect(long.endsWith('. Connecting you now.')).toBe(true);
  });
});

describe('transferStatusOfDial', () => {
  it("reads Twilio's DialCallStatus", () => {
    expect(
      ['completed', 'answered', 'no-answer', 'busy', 'failed', 'canceled', 'ringing'].map((status) =>
        transferStatusOfDial(status),
      ),
    ).toEqual(['connected', 'connected', 'no_answer', 'busy', 'failed', 'failed', undefined]);
  });

  it('reads a leg that answered but was never bridged as nobody taking the call', () => {
    expect(transferStatusOfDial('completed', 'false')).toBe('no_answer');
    expect(transferStatusOfDial('completed', 'true')).toBe('connected');
  });
});
