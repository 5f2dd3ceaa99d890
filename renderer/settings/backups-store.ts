/**
 * Backups of the whole database: the list (newest first), one taken now, and a restore — of a listed backup
 * or of a file from this computer — into the running server (docs/backup.md). A restore replaces every
 * record, so it is asked for first (`ask`) and only runs once the shopkeeper typed the confirmation word
 * (`restore`); its progress and its result stay in the state for the section to show.
 */
import { create } from 'zustand';
import { asError } from '../shared/async-action.ts';
import { settingsApi, type SettingsApi } from './api.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';
import type { Backup, BackupRestored } from './types.ts';

/** What would be restored: a backup of the list, or a file chosen from the disk. */
export type RestoreSource = { kind: 'listed'; name: string } | { kind: 'file'; file: File };

/** The restore running: the file still going up (`fraction` 0 to 1), or the server restoring it. */
export type RestoreProgress = { phase: 'uploading'; fraction: number } | { phase: 'restoring' };

export interface BackupsState extends SectionState {
  backups: Backup[];
  /** The restore waiting for its confirmation. */
  asking: RestoreSource | null;
  restoring: RestoreProgress | null;
  restored: BackupRestored | null;
  restoreError: Error | null;
  load(): Promise<void>;
  take(): Promise<boolean>;
  ask(source: RestoreSource | null): void;
  restore(): Promise<boolean>;
}

/** The word the shopkeeper types to confirm a restore, per language (the CLI asks its [y/N] the same way). */
export const CONFIRM_WORDS = { es: 'RESTAURAR', en: 'RESTORE' } as const;

export const confirmed = (typed: string, language: keyof typeof CONFIRM_WORDS) => typed.trim().toUpperCase() === CONFIRM_WORDS[language];

export const sourceName = (source: RestoreSource) => (source.kind === 'listed' ? source.name : source.file.name);

export function createBackupsStore(api: Pick<SettingsApi, 'backups' | 'takeBackup' | 'restoreBackup' | 'restoreBackupFile'> = settingsApi()) {
  return create<BackupsState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      backups: [],
      asking: null,
      restoring: null,
      restored: null,
      restoreError: null,
      load: async () => {
        await run(async () => set({ backups: await api.backups() }), false);
      },
      take: () => run(async () => {
        const taken = await api.takeBackup();
        set({ backups: [taken, ...get().backups.filter((b) => b.name !== taken.name)] });
      }),
      ask: (source) => set({ asking: source, restoreError: null, restored: null }),
      restore: async () => {
        const source = get().asking;
        if (!source || get().restoring) return false;
        set({ restoring: source.kind === 'file' ? { phase: 'uploading', fraction: 0 } : { phase: 'restoring' }, restoreError: null, restored: null });
        try {
          const restored = source.kind === 'listed'
            ? await api.restoreBackup(source.name)
            : await api.restoreBackupFile(source.file, (fraction) => set({ restoring: fraction < 1 ? { phase: 'uploading', fraction } : { phase: 'restoring' } }));
          set({ restored, asking: null });
          // The list itself came back with the data: the copy of what was replaced is in it now.
          set({ backups: await api.backups().catch(() => get().backups) });
          return true;
        } catch (error) {
          set({ restoreError: asError(error) });
          return false;
        } finally {
          set({ restoring: null });
        }
      },
    };
  });
}
