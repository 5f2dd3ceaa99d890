/**
 * The organization's certificate and ATV credentials: the status per environment (also read by the
 * setup gate for its expiry warning, so an upload here clears the warning bar at once) and the upload.
 */
import { create } from 'zustand';
import { asError, runAction } from '../async-action.ts';
import { certificateApi, type CertificateApi } from './api.ts';
import { fileToBase64 } from '../base64.ts';
import type { Environment } from '../environment.ts';
import type { CertificateDraft, CertificateStatus, CertificateUpload, UploadedCertificate } from './types.ts';

export type DraftProblem = 'file' | 'pin' | 'atvUser' | 'atvPassword';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first field still missing, in the order of the form; null when the draft can be sent. */
export function draftProblem(draft: CertificateDraft): DraftProblem | null {
  if (!draft.file || draft.file.size === 0) return 'file';
  if (draft.pin === '') return 'pin';
  if (!EMAIL.test(draft.atvUser.trim())) return 'atvUser';
  if (draft.atvPassword === '') return 'atvPassword';
  return null;
}

/** The POST body: the file as base64; the PIN and password exactly as typed (spaces may be part of them). */
export async function uploadBody(draft: CertificateDraft): Promise<CertificateUpload> {
  if (!draft.file) throw new Error('no file');
  return {
    certificate: await fileToBase64(draft.file),
    pin: draft.pin,
    atv_user: draft.atvUser.trim(),
    atv_password: draft.atvPassword,
    environment: draft.environment,
  };
}

/** Environments this session may change: a test session manages staging only (server: live_key_required). */
export function manageableEnvironments(status: CertificateStatus | null): Environment[] {
  return status?.default_environment === 'production' ? ['production', 'staging'] : ['staging'];
}

export interface CertificateState {
  status: CertificateStatus | null;
  loadError: Error | null;
  uploading: boolean;
  uploadError: Error | null;
  /** The answer of the last upload, shown as a confirmation (with its warning, if the credentials went unchecked). */
  uploaded: (UploadedCertificate & { environment: Environment }) | null;
  removing: Environment | null;
  removeError: Error | null;
  load(): Promise<CertificateStatus | null>;
  upload(draft: CertificateDraft): Promise<boolean>;
  remove(environment: Environment): Promise<boolean>;
}

export function createCertificateStore(api: CertificateApi = certificateApi()) {
  // The gate, the screen and an upload each read the status: only the newest request's answer is kept
  // (an older one, e.g. from before an upload, would bring a stale warning or card back).
  let reads = 0;
  return create<CertificateState>((set, get) => ({
    status: null,
    loadError: null,
    uploading: false,
    uploadError: null,
    uploaded: null,
    removing: null,
    removeError: null,

    async load() {
      const read = ++reads;
      try {
        const status = await api.status();
        if (read === reads) set({ status, loadError: null });
        return status;
      } catch (error) {
        if (read === reads) set({ loadError: asError(error) });
        return null;
      }
    },

    async upload(draft) {
      if (get().uploading || draftProblem(draft)) return false;
      return runAction(set, { start: { uploading: true, uploadError: null, uploaded: null }, failed: (error) => ({ uploadError: asError(error) }), end: { uploading: false } }, async () => {
        const info = await api.upload(await uploadBody(draft));
        set({ uploaded: { ...info, environment: draft.environment } });
        await get().load();
      });
    },

    async remove(environment) {
      if (get().removing) return false;
      return runAction(set, { start: { removing: environment, removeError: null }, failed: (error) => ({ removeError: asError(error) }), end: { removing: null } }, async () => {
        await api.remove(environment);
        if (get().uploaded?.environment === environment) set({ uploaded: null });
        await get().load();
      });
    },
  }));
}

export type CertificateStore = ReturnType<typeof createCertificateStore>;

export const useCertificate = createCertificateStore();
