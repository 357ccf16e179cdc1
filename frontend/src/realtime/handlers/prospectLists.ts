import { onReconnect, subscribe } from '../socket';
import { useProspectListsStore } from '../../stores/prospectListsStore';

/** The owner's prospect lists, as the worker finishes them or another tab deletes one. */
export const prospectListHandlers = () => [
  subscribe('prospectList:updated', (list) => useProspectListsStore.getState().receive(list)),
  subscribe('prospectList:deleted', (payload) => useProspectListsStore.getState().receiveDeleted(payload)),
  onReconnect(() => useProspectListsStore.getState().catchUp()),
];
