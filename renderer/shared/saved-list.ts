/** What the stores of saved items (customers, products) do alike: save the form's draft, delete the open item. */
import { formFailure, runAction } from './async-action.ts';

type OpenId = number | 'new' | null;

/** The members such a store shares: the searched list of items (T) and the one open in the form, as a draft (D). */
export interface SavedItemsState<T, D> {
  items: T[];
  total: number;
  search: string;
  loaded: boolean;
  error: Error | null;
  /** The item in the form: its id, 'new', or null (no form). */
  openId: OpenId;
  draft: D | null;
  tried: boolean;
  saving: boolean;
  fieldErrors: Record<string, string[]>;
  /** A short confirmation after a save, in the screen's words. */
  saved: boolean;
  load(): Promise<void>;
  setSearch(search: string): void;
}

/** Such a store's first state: nothing listed yet, no form open. */
export function noSavedItems<T, D>(): Omit<SavedItemsState<T, D>, 'load' | 'setSearch'> {
  return { items: [], total: 0, search: '', loaded: false, error: null, openId: null, draft: null, tried: false, saving: false, fieldErrors: {}, saved: false };
}

type DraftFormState<D> = Pick<SavedItemsState<unknown, D>, 'draft' | 'openId' | 'saving' | 'tried' | 'fieldErrors' | 'error' | 'load'>;

export interface SaveSteps<D, T> {
  /** What keeps the draft from being saved, per field (shown once tried); empty when it can go. */
  problems(draft: D): object;
  /** Creates ('new') or replaces the item; the server's answer. */
  send(draft: D, openId: number | 'new'): Promise<T>;
  /** After a save: the store's own follow-up (it checks that the same item is still open). */
  saved(item: T): void;
}

/**
 * Saves the draft in the form: not while a save runs, nor while the draft has problems (they show once
 * tried); the server's field errors kept for the fields; the list read again after. True when saved.
 */
export function saveDraft<D, T>(get: () => DraftFormState<D>, set: (patch: Partial<DraftFormState<D>>) => void, steps: SaveSteps<D, T>): Promise<boolean> {
  const { draft, openId, saving } = get();
  if (!draft || openId === null || saving) return Promise.resolve(false);
  set({ tried: true });
  if (Object.keys(steps.problems(draft)).length > 0) return Promise.resolve(false);
  return runAction(set, { start: { saving: true, fieldErrors: {}, error: null }, failed: formFailure, end: { saving: false } }, async () => {
    steps.saved(await steps.send(draft, openId));
    await get().load();
  });
}

/** Deletes the item open in the form, closes the form and lists again; a failure stays as the screen's error. */
export async function removeOpen(
  state: { openId: OpenId; close(): void; load(): Promise<void> },
  remove: (id: number) => Promise<unknown>,
  fail: (error: unknown) => void,
): Promise<void> {
  const id = state.openId;
  if (typeof id !== 'number') return;
  try {
    await remove(id);
    state.close();
    await state.load();
  } catch (error) {
    fail(error);
  }
}
