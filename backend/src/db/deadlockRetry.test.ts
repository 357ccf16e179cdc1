import { describe, expect, it } from 'vitest';
import { retryOnDeadlock } from './deadlockRetry';

/** As Sequelize raises a deadlock: the driver's error, errno 1213, under `original`. */
const deadlock = () => Object.assign(new Error('Deadlock found'), { original: { errno: 1213 } });

describe('retryOnDeadlock', () => {
  it('runs a deadlock victim again until it commits', async () => {
    let runs = 0;
    const result = await retryOnDeadlock(async () => {
      runs++;
      if (runs < 3) throw deadlock();
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(runs).toBe(3);
  });

  it('passes any other error on at once, and a deadlock after the fourth try', async () => {
    let runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs++;
        throw new Error('Duplicate entry');
      }),
    ).rejects.toThrow('Duplicate entry');
    expect(runs).toBe(1);
    runs = 0;
    await expect(
      retryOnDeadlock(async () => {
        runs++;
        throw deadlock();
      }),
    ).rejects.toThrow('Deadlock found');
    expect(runs).toBe(4);
  });
});
