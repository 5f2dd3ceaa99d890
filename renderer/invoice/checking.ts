/**
 * The engine's verdict on the invoice being written (POST /hacienda/validate): asked a moment after the
 * last change (debounced), only the latest answer shown; no tax maths here. Nothing to total yet, no
 * request and no stale totals.
 */
import { needsParty } from './document-types.ts';
import { draftRequest } from './request.ts';
import { draftOf, idleValidation, type StoreContext } from './state.ts';

export interface DraftChecker {
  /** Asks again once the typing pauses. */
  schedule(): void;
  /** Asks now (the debounced ask calls this). */
  validate(): Promise<void>;
  /** A debounced ask is waiting. */
  pending(): boolean;
  /** Drops the waiting ask (screen unmounted, or asked at once instead). */
  cancel(): void;
}

export function draftChecker({ api, get, set }: Pick<StoreContext, 'api' | 'get' | 'set'>, debounceMs: number): DraftChecker {
  let debounce: ReturnType<typeof setTimeout> | null = null;
  /** Numbers the draft checks: only the answer to the latest one is shown. */
  let checkSeq = 0;

  const cancel = () => {
    if (debounce !== null) clearTimeout(debounce);
    debounce = null;
  };

  return {
    schedule() {
      cancel();
      debounce = setTimeout(() => {
        debounce = null;
        void get().validate();
      }, debounceMs);
    },
    pending: () => debounce !== null,
    cancel,

    async validate() {
      const { org, lines, party, documentType } = get();
      const seq = ++checkSeq;
      // Nothing to total yet: no request, no stale totals.
      if (!org || lines.length === 0 || (needsParty(documentType) && !party)) {
        set({ validation: idleValidation });
        return;
      }
      set({ validation: { ...get().validation, state: 'checking' } });
      try {
        const check = await api.validate(draftRequest(draftOf(get()), org));
        if (seq !== checkSeq) return;
        set({
          validation: check.valid
            ? { state: 'valid', totals: check.totals ?? null, lines: check.lines ?? [], errors: [] }
            : { state: 'invalid', totals: null, lines: [], errors: check.errors ?? [] },
        });
      } catch (error) {
        if (seq !== checkSeq) return;
        set({ validation: { state: 'failed', totals: null, lines: [], errors: [error instanceof Error ? error.message : String(error)] } });
      }
    },
  };
}
