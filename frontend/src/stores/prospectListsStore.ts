import type { ProspectList } from '@ringcast/shared-types';
import { deleteProspectList, fetchProspectLists, uploadProspectList } from '../api/prospectLists';
import { createResourceStore } from './createResourceStore';

const newestFirst = (a: ProspectList, b: ProspectList) =>
  b.uploadedAt.localeCompare(a.uploadedAt) || b.id - a.id;

/** The signed-in user's prospect lists, newest upload first; the worker's pushes finish them. */
export const useProspectListsStore = createResourceStore({
  keys: { items: 'lists', fetch: 'fetchLists' },
  label: 'prospect lists',
  read: fetchProspectLists,
  order: newestFirst,
  actions: ({ write, forget }) => ({
    /** Uploads a file; resolves with the server's answer (its message goes in the toast). */
    upload: (file: File) =>
      write(
        () => uploadProspectList(file),
        (answer) => answer.prospectList,
      ),
    remove: async (id: number) => {
      await deleteProspectList(id);
      forget(id);
    },
  }),
});
