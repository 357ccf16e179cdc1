import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProspectList, User } from '@ringcast/shared-types';

const api = vi.hoisted(() => ({
  fetchProspectLists: vi.fn(),
  uploadProspectList: vi.fn(),
  deleteProspectList: vi.fn(),
}));
vi.mock('../api/prospectLists', () => api);

const { isNewerList, mergeLists, useProspectListsStore } = await import('./prospectListsStore');
const { useAuthStore } = await import('./authStore');

const list = (id: number, overrides: Partial<ProspectList> = {}): ProspectList => ({
  id,
  userId: 1,
  name: `list-${id}.csv`,
  status: 'processing',
  failureReason: null,
  contactCount: 0,
  uploadedAt: `2025-01-0${id}T10:00:00.000Z`,
  updatedAt: `2025-01-0${id}T10:00:00.000Z`,
  ...overrides,
});

describe('isNewerList', () => {
  it('goes by updatedAt, and at the same second a finished copy beats a processing one', () => {
    const ready = list(1, { status: 'ready', contactCount: 5 });
    expect(isNewerList(list(1), ready)).toBe(false);
    expect(isNewerList(ready, list(1))).toBe(true);
    expect(isNewerList(list(1, { updatedAt: '2025-01-01T10:00:01.000Z' }), ready)).toBe(true);
    expect(isNewerList(list(1), { ...ready, updatedAt: '2025-01-01T10:00:01.000Z' })).toBe(false);
  });

  it('merges newest upload first', () => {
    expect(mergeLists([list(1)], [list(3), list(2)]).map((l) => l.id)).toEqual([3, 2, 1]);
  });
});

describe('prospectListsStore', () => {
  beforeEach(() => {
    useProspectListsStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    Object.values(api).forEach((fn) => fn.mockReset());
  });

  it("takes the owner's pushes and ignores other users' lists", () => {
    const { receive } = useProspectListsStore.getState();
    receive(list(1));
    receive(list(2, { userId: 2 }));
    receive(list(1, { status: 'ready', contactCount: 7 }));
    expect(useProspectListsStore.getState().lists).toEqual([list(1, { status: 'ready', contactCount: 7 })]);
  });

  it('keeps a push that beat the upload answer', async () => {
    const ready = list(1, { status: 'ready', contactCount: 3 });
    api.uploadProspectList.mockImplementation(async () => {
      useProspectListsStore.getState().receive(ready);
      return { message: 'ok', prospectList: list(1) };
    });
    await useProspectListsStore.getState().upload(new File(['x'], 'a.csv'));
    expect(useProspectListsStore.getState().lists).toEqual([ready]);
  });

  it('drops lists the server no longer has, and removes a deleted one', async () => {
    useProspectListsStore.getState().receive(list(1));
    useProspectListsStore.getState().receive(list(2));
    api.fetchProspectLists.mockResolvedValue([list(2)]);
    await useProspectListsStore.getState().fetchLists();
    expect(useProspectListsStore.getState()).toMatchObject({ status: 'ready', lists: [list(2)] });
    api.deleteProspectList.mockResolvedValue({ message: 'deleted' });
    await useProspectListsStore.getState().remove(2);
    expect(useProspectListsStore.getState().lists).toEqual([]);
  });

  it('drops a list another tab deleted', () => {
    const { receive, receiveDeleted } = useProspectListsStore.getState();
    receive(list(1));
    receive(list(2));
    receiveDeleted({ id: 1 });
    expect(useProspectListsStore.getState().lists).toEqual([list(2)]);
  });
});
