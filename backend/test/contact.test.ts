import { describe, expect, it } from 'vitest';
import { ContactMessage } from '../src/db/models';
import { deliverContactMessage } from '../src/services/contact';
import { closeBroadcaster } from '../src/events/publish';
import { afterAll } from 'vitest';

afterAll(async () => {
  await closeBroadcaster();
});

describe('deliverContactMessage', () => {
  it('delivers once; a retried job changes nothing', async () => {
    const message = await ContactMessage.create({
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello there!',
    });
    expect(await deliverContactMessage(message.id)).toBe('delivered');
    const first = (await message.reload()).deliveredAt;
    expect(first).toBeInstanceOf(Date);
    expect(await deliverContactMessage(message.id)).toBe('already');
    expect((await message.reload()).deliveredAt?.getTime()).toBe(first?.getTime());
  });

  it('reports a message that no longer exists', async () => {
    expect(await deliverContactMessage(99_999_999)).toBe('missing');
  });
});
