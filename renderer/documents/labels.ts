import type { MessageKey } from './messages.ts';

/** Short names of document types as Costa Rican bookkeeping writes them (FE, NC…), for the list's narrow column. */
export const TYPE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  '01': 'FE', '02': 'ND', '03': 'NC', '04': 'TE', '08': 'FEC', '09': 'FEE', '10': 'REP', RC: 'MR',
};

/** The message key of a document type's name: the receiver's messages (05–07, or `RC` in the list) share one. */
export function typeLabel(code: string): MessageKey {
  return code === 'RC' || code === '05' || code === '06' || code === '07' ? 'docs.type.RC' : (`invoice.type.${code}` as MessageKey);
}
