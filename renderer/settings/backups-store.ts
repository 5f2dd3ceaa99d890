/** Backups of the whole database: the list (newest first) and one taken now. Restoring needs the server stopped (docs/backup.md). */
import { create } from 'zustand';
import { settingsApi, type SettingsApi } from './api.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';
import type { Backup } from './types.ts';

export interface BackupsState extends SectionState {
  backups: Backup[];
  load(): Promise<void>;
  take(): Promise<boolean>;
}

export function createBackupsStore(api: Pick<SettingsApi, 'backups' | 'takeBackup'> = settingsApi()) {
  return create<BackupsState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      backups: [],
      load: async () => {
        await run(async () => set({ backups: await api.backups() }), false);
      },
      take: () => run(async () => {
        const taken = await api.takeBackup();
        set({ backups: [taken, ...get().backups.filter((b) => b.name !== taken.name)] });
      }),
    };
  });
}
