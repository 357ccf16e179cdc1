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
 * The dialer through nginx: two apis take Twilio's callbacks and play the sandbox's calls, two
 * workers dispatch and apply them, on one database and one Redis.
 */
const scale = useScaleStack({
  basePort: 7510,
  env: { TWILIO_CPS: '5', TWILIO_MAX_CONCURRENT_CALLS: '4' },
});

describe('a campaign dialing through nginx', () => {
  it('calls every prospect exactly once, with statistics equal to the records', async () => {
    const numbers = numbersEndingIn(DIALED_DIGITS);
    const { campaign } = await dialableCampaign(scale.stack.url, { numbers, maxConcurrentCalls: 4 });
    await expectEachCalledOnce(campaign.id, numbers.length);
  }, 120_000);

  it('loses no callback and no record when an api is killed mid-dial', async () => {
    const { stack } = scale;
    const numbers = numbersEndingIn([...DIALED_DIGITS, ...DIALED_DIGITS]);
    const { campaign } = await dialableCampaign(stack.url, { numbers, maxConcurrentCalls: 4 });
    // Killed while calls are live: with callbacks in flight and the sandbox steps it was playing.
    await untilCallsLive(campaign.id);
    const [victim, survivor] = stack.apis;
    // Frozen first, so that nginx hands it callbacks it will never answer, then killed with them.
    process.kill(victim.pid(), 'SIGSTOP');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await victim.kill();
    try {
      expect(await callsLeft(campaign.id, numbers.length)).toBeGreaterThan(0);
      // At most the four calls the line allows at once were being created on it.
      await expectEachCalledOnce(campaign.id, numbers.length, 4);
      // nginx sent what the dead api held to the other one.
      const retried = stack
        .accessLog()
        .split('\n')
        .filter((line) => line.includes(' /webhooks/'))
        .filter((line) => line.includes(`upstream=127.0.0.1:${victim.port}, 127.0.0.1:${survivor.port} `));
      expect(retried.length).toBeGreaterThan(0);
    } finally {
      await victim.restart();
    }
  }, 150_000);
});
