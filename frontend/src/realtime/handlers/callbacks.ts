import { onReconnect, subscribe } from '../socket';
import { useCallbacksStore } from '../../stores/callbacksStore';

/** Call backs the agent promised, as they are scheduled, placed, canceled or handled. */
export const callbackHandlers = () => [
  subscribe('callback:updated', (callback) => useCallbacksStore.getState().receive(callback)),
  onReconnect(() => void useCallbacksStore.getState().refresh()),
];
