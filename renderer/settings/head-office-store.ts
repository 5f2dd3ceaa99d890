/**
 * Settings → Casa matriz (a till, docs/replication.md): whether this till reports to a head office and how
 * far the replication is, pairing it with the head office's one-time code, "sync now", and unlinking, asked
 * for first (`ask`) because the head office stops receiving this till's documents at once.
 */
import { create } from 'zustand';
import { idle, sectionRunner, type SectionState } from './section.ts';
import { headOfficeApi, type HeadOfficeApi, type HeadOfficeLink } from './head-office-api.ts';

export interface PairDraft {
  url: string;
  code: string;
  name: string;
}

export interface HeadOfficeState extends SectionState {
  link: HeadOfficeLink | null;
  confirming: boolean;
  load(background?: boolean): Promise<void>;
  pair(draft: PairDraft): Promise<boolean>;
  sync(): Promise<boolean>;
  ask(confirming: boolean): void;
  unlink(): Promise<boolean>;
}

export function createHeadOfficeStore(api: HeadOfficeApi = headOfficeApi()) {
  return create<HeadOfficeState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      link: null,
      confirming: false,
      load: async (background = false) => {
        if (background) {
          // A quiet refresh of the figures: no busy mark, and a failure leaves the last ones shown.
          try {
            set({ link: await api.status(true) });
          } catch {
            // the next refresh tries again
          }
          return;
        }
        await run(async () => set({ link: await api.status() }), false);
      },
      pair: (draft) => run(async () => {
        const name = draft.name.trim();
        await api.pair({ url: draft.url.trim(), code: draft.code.trim(), ...(name === '' ? {} : { name }) });
        set({ link: await api.status() });
      }),
      sync: () => run(async () => set({ link: await api.sync() }), false),
      ask: (confirming) => set({ confirming }),
      unlink: () => run(async () => {
        await api.unlink();
        set({ confirming: false, link: await api.status() });
      }),
    };
  });
}

export const useHeadOffice = createHeadOfficeStore();
