import type { PlaygroundMessage, PlaygroundReply } from '@ringcast/shared-types';
import { api } from './client';

/** POST /api/playground: the agent's next words (its opening for no messages); nothing is stored. */
export const playAgentTurn = (campaignId: number, messages: PlaygroundMessage[]) =>
  api.post<PlaygroundReply>('/api/playground', { campaignId, messages });
