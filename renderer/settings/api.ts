/** The settings screen's calls, over the shared client's `data`. */
import { api as defaultApi, query, type ApiClient } from '../api/client.ts';
import type { Environment } from '../shared/environment.ts';
import { organizationApi } from '../shared/organization/api.ts';
import { uploadFile } from './file-upload.ts';
import { planApi } from '../shared/plan.ts';
import type { Backup, BackupRestored, Branding, BrandingInput, Counter, CounterInput, GoLiveResult, SmtpInput, SmtpSettings, SmtpTestResult } from './types.ts';

export function settingsApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  const { profile, updateProfile } = organizationApi(client);
  return {
    profile,
    updateProfile,
    branding: () => client.data<Branding>('GET', '/organizations/me/branding'),
    saveBranding: (input: BrandingInput) => client.data<Branding>('PUT', '/organizations/me/branding', input),
    counters: (environment: Environment) => client.data<Counter[]>('GET', `/organizations/me/consecutives${query({ environment })}`),
    setCounter: (input: CounterInput) => client.data<Counter>('PUT', '/organizations/me/consecutives', input),
    smtp: () => client.data<SmtpSettings>('GET', '/settings/smtp'),
    saveSmtp: (input: SmtpInput) => client.data<SmtpSettings>('PUT', '/settings/smtp', input),
    removeSmtp: () => client.data<null>('DELETE', '/settings/smtp'),
    testSmtp: (to: string) => client.data<SmtpTestResult>('POST', '/settings/smtp/test', { to }),
    ...planApi(client),
    /** Going live (docs/account.md): `dryRun` only checks. Its messages follow the client's Accept-Language. */
    activateProduction: (dryRun: boolean) => client.data<GoLiveResult>('POST', '/organizations/me/activate-production', { dry_run: dryRun }),
    backups: () => client.data<Backup[]>('GET', '/backups'),
    takeBackup: () => client.data<Backup>('POST', '/backups'),
    /** Restores a backup of the folder into the running server (docs/backup.md); `confirm` is the CLI's --yes. */
    restoreBackup: (name: string) => client.data<BackupRestored>('POST', `/backups/${encodeURIComponent(name)}/restore`, { confirm: true }),
    /** Restores a backup file from this computer, reporting the upload's progress (0 to 1). */
    restoreBackupFile: (file: File, onProgress: (fraction: number) => void) =>
      uploadFile<BackupRestored>(`/backups/restore${query({ confirm: 'true', filename: file.name })}`, file, 'application/vnd.sqlite3', onProgress),
  };
}

export type SettingsApi = ReturnType<typeof settingsApi>;
