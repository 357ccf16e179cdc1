import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@ringcast/shared-types';
import {
  createResourceStore,
  isNotOlder,
  replaces,
  settleRead,
  updatedAtLead,
  type Known,
} from './createResourceStore';
import { useAuthStore } from './authStore';

interface Note {
  id: number;
  userId: number;
  text: string;
  updatedAt: string;
}

const at = (ms: number) => new Date(Date.UTC(2025, 0, 1, 10, 0, 0, ms)).toISOString();
const note = (id: number, text = `note ${id}`, updatedMs = 0, userId = 1): Note => ({
  id,
  userId,
  text,
  updatedAt: at(updatedMs),
});
const known = (item: Note, learnedAt: number): Known<Note> => ({ item, at: learnedAt });

const api = { read: vi.fn<() => Promise<Note[]>>(), save: vi.fn<(text: string) => Promise<Note>>() };

const useNotesStore = createResourceStore({
  keys: { items: 'notes', fetch: 'fetchNotes' },
  label: 'notes',
  read: () => api.read(),
  order: (a: Note, b: Note) => a.id - b.id,
  actions: ({ write, forget }) => ({
    save: (text: string) =>
      write(
        () => api.save(text),
        (saved) => saved,
      ),
    drop: (id: number) => forget(id),
  }),
});

/** A call whose answer the test releases when it likes. */
function pending<T>(mock: { mockReturnValueOnce: (value: Promise<T>) => unknown }) {
  let answer: (value: T) => void = () => {};
  mock.mockReturnValueOnce(new Promise<T>((resolve) => (answer = resolve)));
  return (value: T) => answer(value);
}

const texts = () => useNotesStore.getState().notes.map((n) => [n.id, n.text]);

describe('isNotOlder', () => {
  it('refuses only a copy stamped earlier, to the millisecond', () => {
    expect(isNotOlder({ updatedAt: at(1) }, { updatedAt: at(0) })).toBe(true);
    expect(isNotOlder({ updatedAt: at(0) }, { updatedAt: at(1) })).toBe(false);
    expect(updatedAtLead({ updatedAt: at(5) }, { updatedAt: at(2) })).toBe(3);
  });

  it('accepts a copy with the same stamp: only an older payload is ignored', () => {
    expect(isNotOlder({ updatedAt: at(7) }, { updatedAt: at(7) })).toBe(true);
    // The same instant written with and without milliseconds is still a tie.
    expect(isNotOlder({ updatedAt: '2025-01-01T10:00:00Z' }, { updatedAt: at(0) })).toBe(true);
  });
});

describe('replaces', () => {
  it('goes by updatedAt to the millisecond', () => {
    expect(replaces(known(note(1, 'b', 1), 1), known(note(1, 'a', 0), 2))).toBe(true);
    expect(replaces(known(note(1, 'a', 0), 2), known(note(1, 'b', 1), 1))).toBe(false);
  });

  it('at the same updatedAt prefers the copy learned later', () => {
    expect(replaces(known(note(1, 'b'), 2), known(note(1, 'a'), 1))).toBe(true);
    expect(replaces(known(note(1, 'b'), 1), known(note(1, 'a'), 2))).toBe(false);
  });
});

describe('settleRead', () => {
  it('drops rows deleted meanwhile but keeps what was learned after the read left', () => {
    const held = new Map([
      [1, known(note(1), 1)],
      [2, known(note(2), 1)],
      [3, known(note(3), 5)],
    ]);
    const next = settleRead(held, { rows: [note(1)], sentAt: 3 }, new Set());
    expect([...next.keys()].sort()).toEqual([1, 3]);
  });

  it('never brings back a deleted row, even from a read sent before the delete', () => {
    expect(settleRead(new Map(), { rows: [note(1), note(2)], sentAt: 1 }, new Set([2])).has(2)).toBe(false);
  });

  it('keeps a newer push over an older read, and lets a later read win a tie', () => {
    const pushed = known(note(1, 'pushed', 5), 4);
    expect(
      settleRead(new Map([[1, pushed]]), { rows: [note(1, 'read', 0)], sentAt: 6 }, new Set()).get(1),
    ).toBe(pushed);
    expect(
      settleRead(new Map([[1, pushed]]), { rows: [note(1, 'read', 5)], sentAt: 6 }, new Set()).get(1)?.item
        .text,
    ).toBe('read');
    expect(
      settleRead(new Map([[1, pushed]]), { rows: [note(1, 'read', 5)], sentAt: 3 }, new Set()).get(1)?.item
        .text,
    ).toBe('pushed');
  });
});

describe('createResourceStore', () => {
  beforeEach(() => {
    useNotesStore.getState().clear();
    useAuthStore.setState({ user: { id: 1 } as User, status: 'authenticated' });
    api.read.mockReset();
    api.save.mockReset();
  });

  it('a slow read neither undoes a newer push nor brings back a row deleted meanwhile', async () => {
    const answer = pending(api.read);
    const loading = useNotesStore.getState().fetchNotes();
    expect(useNotesStore.getState().status).toBe('loading');
    useNotesStore.getState().receive(note(1, 'edited', 7));
    useNotesStore.getState().receive(note(3, 'created'));
    useNotesStore.getState().receiveDeleted({ id: 2 });
    answer([note(1), note(2)]);
    await loading;
    expect(useNotesStore.getState().status).toBe('ready');
    expect(texts()).toEqual([
      [1, 'edited'],
      [3, 'created'],
    ]);
  });

  it('a read drops rows deleted in another tab', async () => {
    useNotesStore.getState().receive(note(1));
    useNotesStore.getState().receive(note(2));
    api.read.mockResolvedValueOnce([note(2)]);
    await useNotesStore.getState().fetchNotes();
    expect(texts()).toEqual([[2, 'note 2']]);
  });

  it('drops the answer of a read that a newer read already settled', async () => {
    useNotesStore.getState().receive(note(1));
    const answerOld = pending(api.read);
    const older = useNotesStore.getState().fetchNotes();
    api.read.mockResolvedValueOnce([]);
    await useNotesStore.getState().fetchNotes();
    answerOld([note(1)]);
    await older;
    expect(useNotesStore.getState().notes).toEqual([]);
  });

  it("keeps a push that beat the write's answer, and ignores a push older than what is held", async () => {
    const answer = pending(api.save);
    const saving = useNotesStore.getState().save('draft');
    useNotesStore.getState().receive(note(1, 'finished', 3));
    answer(note(1, 'draft', 0));
    expect(await saving).toEqual(note(1, 'draft', 0));
    expect(texts()).toEqual([[1, 'finished']]);

    useNotesStore.getState().receive(note(1, 'stale', 2));
    expect(texts()).toEqual([[1, 'finished']]);
  });

  it('a push at the same updatedAt as the held copy replaces it (the store learned it later)', async () => {
    api.save.mockResolvedValueOnce(note(1, 'processing'));
    await useNotesStore.getState().save('x');
    useNotesStore.getState().receive(note(1, 'ready'));
    expect(texts()).toEqual([[1, 'ready']]);
  });

  it("ignores other users' rows (an admin hears them all) and rows deleted here", () => {
    useNotesStore.getState().receive(note(5, 'theirs', 0, 99));
    useNotesStore.getState().receive(note(6));
    useNotesStore.getState().drop(6);
    useNotesStore.getState().receive(note(6, 'late push', 9));
    expect(useNotesStore.getState().notes).toEqual([]);
  });

  it('catches up after a reconnect only when something was read', async () => {
    useNotesStore.getState().catchUp();
    expect(api.read).not.toHaveBeenCalled();
    api.read.mockResolvedValue([note(1)]);
    await useNotesStore.getState().fetchNotes();
    useNotesStore.getState().catchUp();
    expect(api.read).toHaveBeenCalledTimes(2);
  });

  it('drops answers that arrive after sign-out', async () => {
    const answerRead = pending(api.read);
    const answerSave = pending(api.save);
    const loading = useNotesStore.getState().fetchNotes();
    const saving = useNotesStore.getState().save('x');
    useNotesStore.getState().clear();
    answerRead([note(1)]);
    answerSave(note(2));
    await Promise.all([loading, saving]);
    expect(useNotesStore.getState()).toMatchObject({ notes: [], status: 'idle' });
  });

  it('keeps showing what it has when a later read fails', async () => {
    api.read.mockResolvedValueOnce([note(1)]).mockRejectedValueOnce(new Error('down'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await useNotesStore.getState().fetchNotes();
    await useNotesStore.getState().fetchNotes();
    expect(useNotesStore.getState().status).toBe('ready');
    expect(texts()).toEqual([[1, 'note 1']]);
    useNotesStore.getState().clear();
    api.read.mockRejectedValueOnce(new Error('down'));
    await useNotesStore.getState().fetchNotes();
    expect(useNotesStore.getState().status).toBe('error');
    expect(error).toHaveBeenCalledWith('Could not load notes', expect.any(Error));
    error.mockRestore();
  });
});
