/** The settings sections' stores: branding with its logo, counters that only move forward, SMTP's password rules, backups. */
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../renderer/api/client.ts';
import { settingsApi, type SettingsApi } from '../../../renderer/settings/api.ts';
import { confirmed, createBackupsStore, sourceName } from '../../../renderer/settings/backups-store.ts';
import { brandingBody, brandingDraft, createBrandingStore, logoProblem, MAX_LOGO_BYTES } from '../../../renderer/settings/branding-store.ts';
import { counterBody, counterProblem, createCountersStore } from '../../../renderer/settings/counters-store.ts';
import { createSmtpStore, smtpBody, smtpDraft } from '../../../renderer/settings/smtp-store.ts';
import type { Backup, Branding, BrandingInput, Counter, CounterInput, SmtpSettings } from '../../../renderer/settings/types.ts';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const STORED: Branding = { color: '#1D3557', email_reply_to: null, email_sender_name: 'TecnoValle', footer: null, has_logo: true };
const COUNTER: Counter = { branch: '001', terminal: '00001', document_type: '04', environment: 'staging', next_value: 57, updated_at: '2026-11-20T16:30:00Z' };

describe('settings: branding', () => {
  it('sends the changed texts and the chosen logo in base64; "" removes a stored logo', async () => {
    const draft = { ...brandingDraft(STORED), footer: ' Gracias ', logo: new Blob([PNG], { type: 'image/png' }) };
    expect(await brandingBody(STORED, draft)).toEqual({ footer: 'Gracias', logo: Buffer.from(PNG).toString('base64') });
    expect(await brandingBody(STORED, { ...brandingDraft(STORED), removeLogo: true })).toEqual({ logo: '' });
    expect(await brandingBody(STORED, { ...brandingDraft(STORED), color: '' })).toEqual({ color: '' });
    expect(await brandingBody(STORED, brandingDraft(STORED))).toEqual({});
  });

  it('refuses a logo the server would refuse, before uploading it', async () => {
    expect(logoProblem(new Blob([PNG], { type: 'image/gif' }))).toBe('type');
    expect(logoProblem(new Blob([new Uint8Array(MAX_LOGO_BYTES + 1)], { type: 'image/jpeg' }))).toBe('size');
    expect(logoProblem(new Blob([PNG], { type: 'image/png' }))).toBeNull();

    const sent: BrandingInput[] = [];
    const store = createBrandingStore({ branding: async () => STORED, saveBranding: async (b) => { sent.push(b); return STORED; } });
    await store.getState().load();
    expect(await store.getState().save({ ...brandingDraft(STORED), logo: new Blob([PNG], { type: 'image/gif' }) })).toBe(false);
    expect(store.getState().error?.message).toBe('logo_type');
    expect(sent).toEqual([]);
  });
});

describe('settings: counters', () => {
  it('refuses to move a counter backwards, matching the stored 3- and 5-digit padding', () => {
    const draft = { branch: '1', terminal: '1', document_type: '04', next_value: '50' };
    expect(counterProblem([COUNTER], draft)).toBe('backwards');
    expect(counterProblem([COUNTER], { ...draft, next_value: '57' })).toBeNull();
    expect(counterProblem([COUNTER], { ...draft, terminal: '2' })).toBeNull(); // another terminal: a new counter
    expect(counterProblem([COUNTER], { ...draft, branch: '1000' })).toBe('branch');
    expect(counterProblem([COUNTER], { ...draft, next_value: '0' })).toBe('next_value');
    expect(counterProblem([COUNTER], { ...draft, next_value: '1.5' })).toBe('next_value');
  });

  it('puts the number as a number, in the environment shown, then lists again', async () => {
    expect(counterBody({ branch: ' 2', terminal: '3 ', document_type: '01', next_value: '1000' }, 'staging')).toEqual({ branch: '2', terminal: '3', document_type: '01', next_value: 1000, environment: 'staging' });
    const puts: CounterInput[] = [];
    let lists = 0;
    const store = createCountersStore({ counters: async () => { lists++; return [COUNTER]; }, setCounter: async (input) => { puts.push(input); return COUNTER; } });
    await store.getState().load('staging');
    expect(await store.getState().save({ branch: '1', terminal: '1', document_type: '04', next_value: '100' })).toBe(true);
    expect(puts).toEqual([{ branch: '1', terminal: '1', document_type: '04', next_value: 100, environment: 'staging' }]);
    expect(lists).toBe(2);
    expect(store.getState().saved).toBe(true);
  });

  it('lists the environment asked for last, also while another action runs, never an older answer', async () => {
    const production: Counter = { ...COUNTER, environment: 'production', next_value: 9 };
    const held: (() => void)[] = [];
    const store = createCountersStore({
      counters: async (environment) => {
        if (environment === 'staging') await new Promise<void>((resolve) => held.push(resolve));
        return [environment === 'staging' ? COUNTER : production];
      },
      setCounter: async () => COUNTER,
    });
    const first = store.getState().load('staging'); // before the profile says production
    await store.getState().load('production');
    held.forEach((release) => release());
    await first;
    expect(store.getState()).toMatchObject({ environment: 'production', counters: [{ environment: 'production', next_value: 9 }] });
  });
});

describe('settings: SMTP', () => {
  const stored: SmtpSettings = { configured: true, host: 'smtp.example.cr', port: 587, secure: false, allow_insecure: false, username: 'facturas', has_password: true, from_address: 'facturas@example.cr', updated_at: null };

  it('keeps the stored password when the field is left blank, and sends none without a user', () => {
    expect(smtpBody(smtpDraft(stored))).toEqual({ host: 'smtp.example.cr', port: 587, secure: false, allow_insecure: false, username: 'facturas', from_address: 'facturas@example.cr' });
    expect(smtpBody({ ...smtpDraft(stored), password: 'nueva' })).toMatchObject({ password: 'nueva' });
    expect(smtpBody({ ...smtpDraft(stored), username: ' ', password: 'x' })).toMatchObject({ username: null, password: null });
  });

  it('sends the test e-mail and keeps what the mail server answered', async () => {
    const store = createSmtpStore({
      smtp: async () => stored,
      saveSmtp: async () => stored,
      removeSmtp: async () => null,
      testSmtp: async (to) => ({ to, sent: false, message_id: null, response: '535 Authentication failed', response_code: 535, error: 'Invalid login' }),
    });
    await store.getState().load();
    expect(await store.getState().test(' dueño@example.cr ')).toBe(true);
    expect(store.getState().testResult).toMatchObject({ to: 'dueño@example.cr', sent: false, error: 'Invalid login' });
    expect(await store.getState().save({ ...smtpDraft(stored), port: '70000' })).toBe(false);
    expect(store.getState().error?.message).toBe('smtp_port');
  });
});

describe('settings: backups and routes', () => {
  it('puts a new backup first and keeps a refusal in the server words', async () => {
    const taken: Backup = { name: 'facturador-2026-11-20.db', size: 4096, created_at: '2026-11-20T16:30:00Z', automatic: false, kind: 'manual' };
    let fail = false;
    const store = createBackupsStore({
      backups: async () => [{ ...taken, name: 'old.db', kind: 'automatic', automatic: true }],
      takeBackup: async () => { if (fail) throw new ApiRequestError(500, 'backup_failed', 'The copy failed its check'); return taken; },
      restoreBackup: async () => { throw new Error('not restored here'); },
      restoreBackupFile: async () => { throw new Error('not restored here'); },
    });
    await store.getState().load();
    await store.getState().take();
    expect(store.getState().backups.map((b) => b.name)).toEqual(['facturador-2026-11-20.db', 'old.db']);
    fail = true;
    expect(await store.getState().take()).toBe(false);
    expect(store.getState().error).toMatchObject({ code: 'backup_failed' });
  });

  it('restores only what was asked, keeps the result or the refusal, and takes the typed word in either language', async () => {
    const restored = { restored_from: 'facturador-20261120-163000.db', kept_as: 'facturador-before-restore-20261121-080000.db', migrations: 9, rows: 120 };
    const asked: string[] = [];
    let refuse = false;
    const store = createBackupsStore({
      backups: async () => [],
      takeBackup: async () => { throw new Error('unused'); },
      restoreBackup: async (name) => {
        asked.push(name);
        if (refuse) throw new ApiRequestError(422, 'backup_rejected', 'ventas.db no es una base de datos SQLite legible');
        return restored;
      },
      restoreBackupFile: async () => { throw new Error('unused'); },
    });
    expect(await store.getState().restore()).toBe(false); // nothing asked yet
    store.getState().ask({ kind: 'listed', name: restored.restored_from });
    expect(sourceName(store.getState().asking!)).toBe(restored.restored_from);
    expect(await store.getState().restore()).toBe(true);
    expect(asked).toEqual([restored.restored_from]);
    expect(store.getState()).toMatchObject({ restored, asking: null, restoring: null, restoreError: null });
    refuse = true;
    store.getState().ask({ kind: 'listed', name: 'ventas.db' });
    expect(await store.getState().restore()).toBe(false);
    expect(store.getState().restoreError).toMatchObject({ code: 'backup_rejected' });
    expect([confirmed(' restaurar ', 'es'), confirmed('RESTORE', 'en'), confirmed('RESTORE', 'es'), confirmed('sí', 'es')]).toEqual([true, true, false, false]);
  });

  it('calls the routes the server has, with the environment in the counters query', async () => {
    const seen: string[] = [];
    const api: SettingsApi = settingsApi({ data: async <T>(method: string, path: string) => { seen.push(`${method} ${path}`); return null as T; } });
    await api.counters('staging');
    await api.saveBranding({});
    await api.testSmtp('x@y.cr');
    await api.takeBackup();
    expect(seen).toEqual(['GET /organizations/me/consecutives?environment=staging', 'PUT /organizations/me/branding', 'POST /settings/smtp/test', 'POST /backups']);
  });
});
