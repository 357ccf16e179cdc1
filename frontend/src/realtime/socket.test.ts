import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('socket.io-client', async () => ({ io: (await import('./testing/fakeSocketIo')).fakeSocketIo.io }));

const { fakeSocketIo: fake } = await import('./testing/fakeSocketIo');

const { connectRealtime, disconnectRealtime, onReconnect, subscribe } = await import('./socket');
const { useRealtimeStore } = await import('../stores/realtimeStore');

describe('realtime socket', () => {
  beforeEach(() => {
    disconnectRealtime();
    fake.io.mockClear();
  });

  it('connects once with credentials on the socket.io path, over WebSocket only', () => {
    connectRealtime();
    connectRealtime();
    expect(fake.io).toHaveBeenCalledTimes(1);
    expect(fake.io).toHaveBeenCalledWith({
      path: '/socket.io',
      withCredentials: true,
      transports: ['websocket'],
    });
  });

  it('tracks the connection state', () => {
    connectRealtime();
    fake.fire('connect');
    expect(useRealtimeStore.getState().connected).toBe(true);
    fake.fire('disconnect', 'transport close');
    expect(useRealtimeStore.getState().connected).toBe(false);
  });

  it('delivers pushed events to subscribers until they unsubscribe', () => {
    connectRealtime();
    const handler = vi.fn();
    const unsubscribe = subscribe('campaign:deleted', handler);
    fake.push('campaign:deleted', { id: 7 });
    unsubscribe();
    fake.push('campaign:deleted', { id: 8 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ id: 7 });
  });

  it('refetches once on each reconnect but not on the first connect', () => {
    connectRealtime();
    const refetch = vi.fn();
    const stop = onReconnect(refetch);
    fake.fire('connect');
    expect(refetch).not.toHaveBeenCalled();
    fake.fire('disconnect', 'transport close');
    fake.fire('connect');
    expect(refetch).toHaveBeenCalledTimes(1);
    stop();
  });
});
