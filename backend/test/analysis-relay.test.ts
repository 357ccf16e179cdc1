import { describe, expect, it } from 'vitest';
import { Campaign, CallRecord } from '../src/db/models';
import { ANALYSIS_TEST_FIELDS } from './helpers/analysisCalls';
import { RelayCaller, answeredCall, relayUrl } from './helpers/relay';
import { waitFor } from './helpers/sockets';
import { useTestApi } from './helpers/server';

/**
 * The analysis is asked for when the agent's relay session closes, and the worker's job stores it
 * (the OpenAI sandbox answering through the real SDK).
 */
const api = useTestApi({ worker: true });

describe('the analysis of a live call', () => {
  it('is stored by the job once the relay session closes', async () => {
    const owner = await answeredCall(api.baseUrl);
    await Campaign.update({ analysisFields: ANALYSIS_TEST_FIELDS }, { where: { id: owner.campaign.id } });
    const caller = await RelayCaller.open(relayUrl(api.baseUrl, owner.call));
    caller.setup(owner.call.id);
    caller.say('We are with Acme Broadband for our internet, and our budget is $80 a month.');
    await caller.turn(0);
    caller.close();

    const stored = await waitFor(
      async () => {
        const call = await CallRecord.findByPk(owner.call.id);
        return call?.analyzedAt ? call : null;
      },
      20_000,
      'the analysis to be stored',
    );
    expect(stored.analysisStatus).toBe('done');
    expect(stored.analysis?.fields).toMatchObject({
      current_provider: 'We are with Acme Broadband for our internet, and our budget is $80 a month.',
      budget: 80,
      pets: null,
    });
    expect(stored.qualityTurns).not.toBeNull();
  });
});
