/**
 * The code fields of an imported document, checked with the formats the request reader applies
 * (src/documents/rules/formats.ts, notes.ts, domain/identification.ts). Another provider's signature says
 * who wrote a value, not that it is a code: a CABYS of "=HYPERLINK(…)" would otherwise reach the archive,
 * its exports and the spreadsheets opened from them.
 */
import type { DocumentModel, Party } from '../domain/document-model.ts';
import { isIdentificationOfType } from '../domain/identification.ts';
import { FORMATS } from '../documents/rules/formats.ts';
import { NOTES } from '../documents/rules/notes.ts';

type Check = [element: string, value: string | undefined, valid: (value: string) => boolean, format: string];

const pattern = (rule: { text: { pattern: RegExp; format: string } }) => (value: string) => rule.text.pattern.test(value);

function partyChecks(role: 'Emisor' | 'Receptor', party: Party | undefined): Check[] {
  if (!party) return [];
  const { type, number } = party.identification;
  return [[`${role}/Identificacion/Numero`, number, (value) => isIdentificationOfType(type, value), `una identificación de tipo ${type} (Nota 4)`]];
}

/** The first code field whose value does not have its format, in words; undefined when all do. */
export function codeFieldProblem(model: DocumentModel): string | undefined {
  const checks: Check[] = [
    ['NumeroConsecutivo', model.consecutive, pattern(FORMATS.consecutive), FORMATS.consecutive.text.format],
    ['CodigoActividadEmisor', model.issuerActivityCode, pattern(FORMATS.activityCode), FORMATS.activityCode.text.format],
    ['CodigoActividadReceptor', model.receiverActivityCode, pattern(FORMATS.activityCode), FORMATS.activityCode.text.format],
    ['CodigoMoneda', model.summary.currency, (value) => value in NOTES.currency.codes.codes, 'un código de moneda (Nota 13.1)'],
    ...partyChecks('Emisor', model.issuer),
    ...partyChecks('Receptor', model.receiver),
    ...model.lines.flatMap((line): Check[] => [
      [`LineaDetalle[${line.number}]/CodigoCABYS`, line.cabysCode, pattern(FORMATS.cabys), FORMATS.cabys.text.format],
      [`LineaDetalle[${line.number}]/PartidaArancelaria`, line.tariffCode, pattern(FORMATS.tariffCode), FORMATS.tariffCode.text.format],
    ]),
  ];
  for (const [element, value, valid, format] of checks) {
    if (value !== undefined && !valid(value)) return `its ${element} "${value}" is not ${format}`;
  }
  // The clave carries the consecutive at positions 22–41 (Nota 2): one that differs was not numbered with it.
  if (model.clave.slice(21, 41) !== model.consecutive) return `its NumeroConsecutivo ${model.consecutive} is not the one in its Clave`;
  return undefined;
}
