import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProspectList, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({
  fetchProspectLists: vi.fn(),
  uploadProspectList: vi.fn(),
  deleteProspectList: vi.fn(),
}));
vi.mock('../api/prospectLists', () => api);

const { useProspectListsStore } = await import('./prospectListsStore');
const { useAuthStore } = await import('./authStore');

const list = (id: number, overrides: Partial<ProspectList> = {}): ProspectList => ({
  id,
  userId: 1,
  name: `list-${id}.csv`,
  status: 'processing',
  failureReason: null,
  contactCount: 0,
  doNotCallCount: 0,
  skippedRows: { invalidPhone: 0, duplicate: 0 },
  uploadedAt: `2025-01-0${id}T10:00:00.000Z`,
  updatedAt: `2025-01-0${id}T10:00:00.000Z`,
  ...overrides,
});
const finished = (id: number, contactCount: number) =>
  list(id, { status: 'ready', contactCount, updatedAt: `2025-01-0${id}T10:00:00.180Z` });

describe('prospectListsStore', () => {
  beforeEach(() => {
    useProspectListsStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    Object.values(api).forEach((fn) => fn.mockReset());
  });

  it("takes the owner's pushes as the worker finishes a list, newest upload first, and ignores other users' lists", () => {
    const { receive } = useProspectListsStore.getState();
    receive(list(1));
    receive(list(2));
    receive(list(3, { userId: 2 }));
    receive(finished(1, 7));
    expect(useProspectListsStore.getState().lists).toEqual([list(2), finished(1, 7)]);
  });

  it('keeps the finished list when its push beats the upload answer', async () => {
    api.uploadProspectList.mockImplementation(async () => {
      useProspectListsStore.getState().receive(finished(1, 3));
      return { message: 'ok', prospectList: list(1) };
    });
    const response = await useProspectListsStore.getState().upload(new File(['x'], 'a.csv'));
    expect(response.message).toBe('ok');
    expect(useProspectListsStore.getState().lists).toEqual([finished(1, 3)]);
  });

  it('drops lists the server no longer has, and removes one deleted here or in another tab', async () => {
    useProspectListsStore.getState().receive(list(1));
    useProspectListsStore.getState().receive(list(2));
    useProspectListsStore.getState().receive(list(3));
    api.fetchProspectLists.mockResolvedValue([list(2), list(3)]);
    await useProspectListsStore.getState().fetchLists();
    expect(useProspectListsStore.getState()).toMatchObject({ status: 'ready', lists: [list(3), list(2)] });
    api.deleteProspectList.mockResolvedValue({ message: 'deleted' });
    await useProspectListsStore.getState().remove(2);
    expect(api.deleteProspectList).toHaveBeenCalledWith(2);
    useProspectListsStore.getState().receiveDeleted({ id: 3 });
    expect(useProspectListsStore.getState().lists).toEqual([]);
  });
});
