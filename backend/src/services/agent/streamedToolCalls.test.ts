import { describe, expect, it } from 'vitest';
import { StreamedToolCalls } from './streamedToolCalls';

describe('StreamedToolCalls', () => {
  it('puts interleaved pieces of two calls back together, in index order', () => {
    const calls = new StreamedToolCalls();
    calls.add([{ index: 1, id: 'call_b', type: 'function', function: { name: 'end_call', arguments: '' } }]);
    calls.add([
      { index: 0, id: 'call_a', type: 'function', function: { name: 'record_outcome', arguments: '' } },
    ]);
    calls.add([{ index: 0, function: { arguments: '{"outcome":' } }]);
    calls.add([{ index: 1, function: { arguments: '{}' } }]);
    calls.add([{ index: 0, function: { arguments: '"interested"}' } }]);
    calls.add(undefined);
    expect(calls.calls()).toEqual([
      {
        id: 'call_a',
        type: 'function',
        function: { name: 'record_outcome', arguments: '{"outcome":"interested"}' },
      },
      { id: 'call_b', type: 'function', function: { name: 'end_call', arguments: '{}' } },
    ]);
  });

  it('has no calls for a reply that only speaks', () => {
    expect(new StreamedToolCalls().calls()).toEqual([]);
  });
});
