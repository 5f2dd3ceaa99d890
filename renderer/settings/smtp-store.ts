/**
 * The outgoing mail server that sends documents to customers. The stored password is never shown: left
 * blank it stays as it is while the server stays the same (the API asks for it again when the host, port,
 * user or security change); without a user name there is no authentication, so no password either.
 */
import { create } from 'zustand';
import { settingsApi, type SettingsApi } from './api.ts';
import { idle, sectionRunner, type SectionState } from './section.ts';
import type { SmtpInput, SmtpSettings, SmtpTestResult } from './types.ts';

export interface SmtpDraft {
  host: string;
  port: string;
  secure: boolean;
  allowInsecure: boolean;
  username: string;
  password: string;
  from_address: string;
}

export function smtpDraft(smtp: SmtpSettings | null): SmtpDraft {
  return {
    host: smtp?.host ?? '',
    port: String(smtp?.port ?? 587),
    secure: smtp?.secure ?? false,
    allowInsecure: smtp?.allow_insecure ?? false,
    username: smtp?.username ?? '',
    password: '',
    from_address: smtp?.from_address ?? '',
  };
}

export function smtpBody(draft: SmtpDraft): SmtpInput {
  const username = draft.username.trim();
  const body: SmtpInput = {
    host: draft.host.trim(),
    port: Number(draft.port),
    secure: draft.secure,
    allow_insecure: draft.allowInsecure,
    username: username === '' ? null : username,
    from_address: draft.from_address.trim(),
  };
  if (username === '') body.password = null;
  else if (draft.password !== '') body.password = draft.password;
  return body;
}

export type SmtpProblem = 'host' | 'port' | 'from_address';

export function smtpProblem(draft: SmtpDraft): SmtpProblem | null {
  if (draft.host.trim() === '') return 'host';
  const port = Number(draft.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return 'port';
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.from_address.trim()) ? null : 'from_address';
}

export interface SmtpState extends SectionState {
  smtp: SmtpSettings | null;
  testResult: SmtpTestResult | null;
  load(): Promise<void>;
  save(draft: SmtpDraft): Promise<boolean>;
  remove(): Promise<boolean>;
  test(to: string): Promise<boolean>;
}

export function createSmtpStore(api: Pick<SettingsApi, 'smtp' | 'saveSmtp' | 'removeSmtp' | 'testSmtp'> = settingsApi()) {
  return create<SmtpState>((set, get) => {
    const run = sectionRunner(get, set);
    return {
      ...idle,
      smtp: null,
      testResult: null,
      load: async () => {
        await run(async () => set({ smtp: await api.smtp() }), false);
      },
      save: (draft) => run(async () => {
        const problem = smtpProblem(draft);
        if (problem) throw new Error(`smtp_${problem}`);
        set({ smtp: await api.saveSmtp(smtpBody(draft)), testResult: null });
      }),
      remove: () => run(async () => {
        await api.removeSmtp();
        set({ smtp: await api.smtp(), testResult: null });
      }),
      test: (to) => run(async () => {
        set({ testResult: null });
        set({ testResult: await api.testSmtp(to.trim()) });
      }, false),
    };
  });
}
