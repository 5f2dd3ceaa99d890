/** `reference` (InformacionReferencia, up to 10) and `other_charges` (OtrosCargos, up to 15). */
import { otherChargeTypes, referenceCodes, referencedDocumentTypes } from '../../domain/codes.ts';
import type { DocumentTypeCode, OtherCharge, Reference } from '../../domain/document-model.ts';
import { formatCostaRicaDateTime } from '../../domain/costa-rica-time.ts';
import { identificationTypeByLength } from '../../domain/identification.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes, codesFor } from './code-lists.ts';

export function readReference(r: FieldReader, raw: Json, path: string, type: DocumentTypeCode | undefined): Reference | undefined {
  const documentType = r.code(pick(raw, 'document_type', 'type'), `${path}.document_type`, {
    required: true, width: 2, allowed: codesFor(referencedDocumentTypes, type), known: allCodes(referencedDocumentTypes),
  });
  const documentTypeOther = r.text(pick(raw, 'type_other'), `${path}.type_other`, { min: 5, max: 100 });
  if (documentType === '99' && documentTypeOther === undefined && !r.problems.has(`${path}.type_other`)) r.problems.add(`${path}.type_other`, 'other_required');
  const issuedAt = r.dateTime(pick(raw, 'date', 'emission_date', 'issue_date'), `${path}.date`, true);
  const number = r.text(pick(raw, 'number', 'clave', 'key'), `${path}.number`, { required: type === '10', max: 50 });
  const code = r.code(pick(raw, 'code', 'reason_code'), `${path}.code`, { width: 2, allowed: codesFor(referenceCodes, type), known: allCodes(referenceCodes) });
  const codeOther = r.text(pick(raw, 'code_other_description', 'code_other'), `${path}.code_other_description`, { min: 5, max: 100 });
  if (code === '99' && codeOther === undefined && !r.problems.has(`${path}.code_other_description`)) r.problems.add(`${path}.code_other_description`, 'other_required');
  const reason = r.text(pick(raw, 'reason', 'razon'), `${path}.reason`, { max: 180 });
  if (!documentType || !issuedAt) return undefined;
  return {
    documentType,
    documentTypeOther: documentType === '99' ? documentTypeOther : undefined,
    number,
    issuedAt: formatCostaRicaDateTime(issuedAt),
    code,
    codeOther: code === '99' ? codeOther : undefined,
    reason,
  };
}

export function readOtherCharge(r: FieldReader, raw: Json, path: string): OtherCharge | undefined {
  const type = r.code(pick(raw, 'document_type', 'type'), `${path}.document_type`, { required: true, width: 2, allowed: allCodes(otherChargeTypes) });
  const typeOther = r.text(pick(raw, 'type_other'), `${path}.type_other`, { min: 5, max: 100 });
  if (type === '99' && typeOther === undefined && !r.problems.has(`${path}.type_other`)) r.problems.add(`${path}.type_other`, 'other_required');
  const amount = r.decimal(pick(raw, 'amount'), `${path}.amount`, { required: true, min: 0, maxDecimals: 5, max: '9999999999999.99999' });
  const idNumber = r.text(pick(raw, 'id_number', 'identification'), `${path}.id_number`, { max: 20, pattern: /^[0-9A-Z]+$/, format: 'digits' });
  const idType = r.text(pick(raw, 'id_type'), `${path}.id_type`, { pattern: /^0[1-6]$/, format: '01-06' });
  const name = r.text(pick(raw, 'name'), `${path}.name`, { min: 5, max: 100 });
  const percentage = r.decimal(pick(raw, 'percentage'), `${path}.percentage`, { min: 0, max: '9999.99999', maxDecimals: 5 });
  // Detalle is mandatory in the XSD; the code's own description stands in when the client gives none.
  const detail = r.text(pick(raw, 'detail', 'description'), `${path}.detail`, { max: 160 }) ?? (type ? otherChargeTypes.codes[type]?.slice(0, 160) : undefined);
  if (!type || !amount || !detail) return undefined;
  return {
    type,
    typeOther: type === '99' ? typeOther : undefined,
    thirdParty: idNumber ? { type: idType ?? identificationTypeByLength(idNumber), number: idNumber } : undefined,
    thirdPartyName: name,
    detail,
    percentage,
    amount,
  };
}
