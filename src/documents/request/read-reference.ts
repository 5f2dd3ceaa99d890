/** `reference` (InformacionReferencia, up to 10) and `other_charges` (OtrosCargos, up to 15). */
import { otherChargeTypes } from '../../domain/codes.ts';
import { NOTES } from '../rules/notes.ts';
import type { DocumentTypeCode, OtherCharge, Reference } from '../../domain/document-model.ts';
import { formatCostaRicaDateTime } from '../../domain/costa-rica-time.ts';
import { identificationTypeByLength } from '../../domain/identification.ts';
import { FORMATS } from '../rules/formats.ts';
import { FieldReader, pick, type Json } from './field-reader.ts';
import { allCodes, codesFor } from './code-lists.ts';
import type { AtPath } from './parsed-request.ts';

export function readReference(r: FieldReader, raw: Json, path: string, type: DocumentTypeCode | undefined): (Reference & AtPath) | undefined {
  const documentType = r.code(pick(raw, 'document_type', 'type'), `${path}.document_type`, {
    required: true, width: 2, allowed: codesFor(NOTES.referencedDocumentType.codes, type), known: allCodes(NOTES.referencedDocumentType.codes),
  });
  const documentTypeOther = r.text(pick(raw, 'type_other'), `${path}.type_other`, FORMATS.referenceTypeOther.text);
  const issuedAt = r.dateTime(pick(raw, 'date', 'emission_date', 'issue_date'), `${path}.date`, true);
  const number = r.text(pick(raw, 'number', 'clave', 'key'), `${path}.number`, FORMATS.referenceNumber.text);
  const code = r.code(pick(raw, 'code', 'reason_code'), `${path}.code`, { width: 2, allowed: codesFor(NOTES.referenceCode.codes, type), known: allCodes(NOTES.referenceCode.codes) });
  const codeOther = r.text(pick(raw, 'code_other_description', 'code_other'), `${path}.code_other_description`, FORMATS.referenceCodeOther.text);
  const reason = r.text(pick(raw, 'reason', 'razon'), `${path}.reason`, FORMATS.referenceReason.text);
  if (!documentType || !issuedAt) return undefined;
  return {
    path,
    documentType,
    documentTypeOther: documentType === '99' ? documentTypeOther : undefined,
    number,
    issuedAt: formatCostaRicaDateTime(issuedAt),
    code,
    codeOther: code === '99' ? codeOther : undefined,
    reason,
  };
}

export function readOtherCharge(r: FieldReader, raw: Json, path: string): (OtherCharge & AtPath) | undefined {
  const type = r.code(pick(raw, 'document_type', 'type'), `${path}.document_type`, { required: true, width: 2, allowed: allCodes(NOTES.otherChargeType.codes) });
  const typeOther = r.text(pick(raw, 'type_other'), `${path}.type_other`, FORMATS.chargeTypeOther.text);
  const amount = r.decimal(pick(raw, 'amount'), `${path}.amount`, FORMATS.chargeAmount.decimal);
  const idNumber = r.text(pick(raw, 'id_number', 'identification'), `${path}.id_number`, { max: 20, pattern: /^[0-9A-Za-z]+$/, format: 'digits or letters' });
  const idType = r.text(pick(raw, 'id_type'), `${path}.id_type`, { pattern: /^0[1-5]$/, format: '01-05' });
  const name = r.text(pick(raw, 'name'), `${path}.name`, FORMATS.chargeThirdPartyName.text);
  const percentage = r.decimal(pick(raw, 'percentage'), `${path}.percentage`, FORMATS.chargePercentage.decimal);
  // Detalle is mandatory in the XSD; the code's own description stands in when the client gives none.
  const detail = r.text(pick(raw, 'detail', 'description'), `${path}.detail`, FORMATS.chargeDetail.text) ?? (type ? otherChargeTypes.codes[type]?.slice(0, 160) : undefined);
  if (!type || !amount || !detail) return undefined;
  return {
    path,
    type,
    typeOther: type === '99' ? typeOther : undefined,
    thirdParty: idNumber ? { type: idType ?? identificationTypeByLength(idNumber), number: idType === '05' ? idNumber : idNumber.toUpperCase() } : undefined,
    thirdPartyName: name,
    detail,
    percentage,
    amount,
  };
}
