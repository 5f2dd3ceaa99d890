/**
 * Whose identification a Costa Rican signing certificate carries. The BCCR's certificates (and the tax
 * authority's ATV ones) name their holder in the subject's serialNumber attribute (2.5.4.5): `CPJ-3-101-123456`
 * for a persona jurídica, `CPF-01-0123-0456` for a persona física (the province written with a leading zero),
 * other prefixes for other holders. The prefix and dashes are dropped and leading zeros ignored, so that it
 * compares with an organization's identification as stored (Nota 4: no leading zero on física or DIMEX).
 */
import { subjectAttribute } from './certificate-info.ts';

const SERIAL_NUMBER = '2.5.4.5';

/** The holder's identification as the certificate writes it (e.g. `CPJ-3-101-123456`), if it names one. */
export function certificateHolder(certificateDer: Buffer): string | undefined {
  return subjectAttribute(certificateDer, SERIAL_NUMBER)?.trim() || undefined;
}

/** `CPJ-3-101-123456` → `3101123456`; `CPF-01-0123-0456` → `101230456`; already bare numbers stay. */
function comparable(identification: string): string {
  return identification.toUpperCase().replace(/^[A-Z]{2,4}-/, '').replace(/[^0-9A-Z]/g, '').replace(/^0+/, '');
}

/** Whether the certificate's holder is the organization with this identification number. */
export function holderIs(holder: string, identificationNumber: string): boolean {
  const bare = comparable(holder);
  return bare !== '' && bare === comparable(identificationNumber);
}
