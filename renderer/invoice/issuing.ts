/**
 * Issuing the invoice being written and following it: checked as it is now (a draft the engine refuses is
 * not sent), sent in the screen's language, then its status polled until the tax authority answers, and
 * e-mailed on request.
 */
import type { Language } from '../i18n/store.ts';
import { createPoller, isFinal, type Poller } from '../shared/poller.ts';
import type { DraftChecker } from './checking.ts';
import { documentRequest } from './request.ts';
import { draftOf, type InvoiceState, type IssuedDocument, type StoreContext } from './state.ts';

type IssuingActions = Pick<InvoiceState, 'issue' | 'emailIssued' | 'watchIssued' | 'refreshIssued'>;

interface IssuingDeps {
  checker: DraftChecker;
  now: () => Date;
  language: () => Language;
  pollMs: number;
}

export function issuingActions({ api, get, set, fail }: StoreContext, { checker, now, language, pollMs }: IssuingDeps): IssuingActions & { issuedPoll: Poller } {
  const issuedPoll = createPoller(() => get().refreshIssued(), pollMs);
  return {
    issuedPoll,

    async issue(offline) {
      const { org, lines, issuing } = get();
      if (issuing || !org || lines.length === 0) return;
      set({ issuing: true, error: null, errorCode: null, fieldErrors: {} });
      try {
        // F9 right after typing: check the draft as it is now; a draft the engine refuses is not sent.
        if (checker.pending() || get().validation.state !== 'valid') {
          checker.cancel();
          await get().validate();
          if (get().validation.state === 'invalid') return;
        }
        const submitted = await api.issue(documentRequest(draftOf(get()), org, now(), offline, language()));
        issuedPoll.stop();
        const email = get().party?.email.trim() ?? '';
        set({ issued: { clave: submitted.document_key, consecutive: submitted.consecutive_number, documentType: submitted.document_type, status: submitted.status, detail: null, email, emailing: false, emailedTo: null } });
        get().reset();
        if (await get().refreshIssued()) get().watchIssued();
      } catch (error) {
        fail(error);
      } finally {
        set({ issuing: false });
      }
    },

    async emailIssued(recipients) {
      const issued = get().issued;
      if (!issued || issued.emailing) return;
      const update = (patch: Partial<IssuedDocument>) => {
        const current = get().issued;
        if (current?.clave === issued.clave) set({ issued: { ...current, ...patch } });
      };
      update({ emailing: true, emailedTo: null });
      set({ error: null, errorCode: null });
      try {
        const queued = await api.email(issued.clave, recipients);
        update({ emailedTo: queued.recipients });
      } catch (error) {
        fail(error);
      } finally {
        update({ emailing: false });
      }
    },

    watchIssued() {
      const issued = get().issued;
      if (issued && !isFinal(issued.status)) issuedPoll.start();
    },

    async refreshIssued() {
      const issued = get().issued;
      if (!issued) return false;
      try {
        const detail = await api.document(issued.clave);
        if (get().issued?.clave !== issued.clave) return false;
        set({ issued: { ...issued, status: detail.status, detail } });
        return !isFinal(detail.status);
      } catch {
        return true; // the clave is shown already; the status catches up on the next poll
      }
    },
  };
}
