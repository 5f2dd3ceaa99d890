/** Saved recipients and taxpayers of the public register as the party of a document. */
import type { Recipient } from '../api/types.ts';
import type { PartyCandidate, PartyDraft, Taxpayer } from './types.ts';

export const emptyParty = (): PartyDraft => ({ type: '01', id: '', name: '', email: '', address: null, foreignAddress: '', source: 'manual' });

export function partyFromRecipient(r: Recipient): PartyDraft {
  const hasAddress = !r.is_foreign && r.province && r.canton && r.district && r.other_address;
  return {
    // A foreign recipient is an "extranjero" (05) on the document, whatever identification it is saved with.
    type: r.is_foreign ? '05' : r.identification_type,
    id: r.identification_number,
    name: r.name,
    email: r.email ?? '',
    address: hasAddress ? { province: r.province!, canton: r.canton!, district: r.district!, neighborhood: r.neighborhood, details: r.other_address! } : null,
    foreignAddress: r.is_foreign ? (r.other_address ?? '') : '',
    source: 'recipient',
  };
}

export function partyFromTaxpayer(t: Taxpayer): PartyDraft {
  return { ...emptyParty(), type: t.class, id: t.cedula, name: t.razon_social ?? t.nombre, source: 'taxpayer' };
}

/** Text that can be an identification number (9 to 12 digits, dashes and spaces allowed): worth asking the register. */
export function identificationIn(text: string): string | null {
  const digits = text.replace(/[\s.-]/g, '');
  return /^\d{9,12}$/.test(digits) ? digits : null;
}

/** Saved recipients first; a taxpayer already saved is not listed twice. */
export function mergeCandidates(recipients: readonly Recipient[], taxpayers: readonly Taxpayer[]): PartyCandidate[] {
  const saved = recipients.map((r): PartyCandidate => ({ kind: 'recipient', party: partyFromRecipient(r) }));
  const known = new Set(recipients.map((r) => r.identification_number));
  return [...saved, ...taxpayers.filter((t) => !known.has(t.cedula)).map((t): PartyCandidate => ({ kind: 'taxpayer', party: partyFromTaxpayer(t) }))];
}
