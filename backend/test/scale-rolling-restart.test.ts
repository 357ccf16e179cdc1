import { describe, expect, it } from 'vitest';
import { dialableCampaign, numbersEndingIn } from './helpers/dialer';
import {
  DIALED_DIGITS,
  callsLeft,
  expectEachCalledOnce,
  untilCallsLive,
  useScaleStack,
} from './helpers/scaleStack';

/**
 * A deployment's rolling restart through nginx: each api, then each worker, stopped (SIGTERM) and
 * started again in turn while a campaign dials. A stopping api turns unready and drains its relay
 * sessions (nginx hands new ones to the other), a stopping worker finishes its jobs and hands back
 * its call events. Calls play 25 times faster here, so the campaign outlasts the restarts.
 */
const scale = useScaleStack({
  basePort: 7520,
  env: { TWILIO_CPS: '5', TWILIO_MAX_CONCURRENT_CALLS: '4', SANDBOX_TIME_SCALE: '25' },
});

describe('a rolling restart during a dialing campaign', () => {
  it('drops no call and applies every callback once', async () => {
    const { stack } = scale;
    const numbers = numbersEndingIn(Array.from({ length: 5 }, () => DIALED_DIGITS).flat());
    const { campaign } = await dialableCampaign(stack.url, { numbers, maxConcurrentCalls: 3 });
    await untilCallsLive(campaign.id);

    const exits: Record<string, number | null> = {};
    for (const process of [...stack.apis, ...stack.workers]) {
      exits[process.name] = await process.stop();
      await process.restart();
    }
    // Each stopped on its own, after its drain: none was killed.
    expect(exits).toEqual({ 'api-1': 0, 'api-2': 0, 'worker-1': 0, 'worker-2': 0 });
    // The last restart happened mid-dial, not after the campaign ended.
    expect(await callsLeft(campaign.id, numbers.length)).toBeGreaterThan(0);
    await expectEachCalledOnce(campaign.id, numbers.length);
    // Twilio got an answer to every callback and every relay handshake: none saw a stopping api.
    const failed = stack
      .accessLog()
      .split('\n')
      .filter((line) => /"\w+ \/(webhooks|relay)\/[^"]*" 5\d\d /.test(line));
    expect(failed).toEqual([]);
  }, 240_000);
});
