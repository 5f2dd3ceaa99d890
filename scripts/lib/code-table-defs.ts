/**
 * Which XSD enumeration feeds which code table of `src/domain/codes.generated.ts`.
 *
 * A matcher is either a site id (`IdentificacionType/Tipo`, `MensajeReceptor/Mensaje`, a named simpleType)
 * or a bare element name that matches wherever the element sits (`CondicionVenta`). Every enumeration
 * reachable in the XSDs must match exactly one table: a new list in a future XSD makes the generator fail
 * instead of being dropped silently.
 */
import type { EnumerationSite } from './xsd-enumerations.ts';

export interface CodeTableDef {
  /** Export name in codes.generated.ts (camelCase). */
  readonly name: string;
  /** Doc comment: the XML elements and the annex note that define the codes. */
  readonly comment: string;
  readonly matchers: readonly string[];
}

/** Document roots in the order used everywhere (generated file, description precedence). */
export const XSD_DOCUMENTS = [
  'FacturaElectronica',
  'NotaDebitoElectronica',
  'NotaCreditoElectronica',
  'TiqueteElectronico',
  'FacturaElectronicaCompra',
  'FacturaElectronicaExportacion',
  'ReciboElectronicoPago',
  'MensajeReceptor',
  'MensajeHacienda',
] as const;

export type XsdDocumentName = (typeof XSD_DOCUMENTS)[number];

export const CODE_TABLE_DEFS: readonly CodeTableDef[] = [
  {
    name: 'identificationTypes',
    comment: 'Identificacion/Tipo, MensajeHacienda TipoIdentificacionEmisor/Receptor (Nota 4)',
    matchers: ['IdentificacionType/Tipo', 'TipoIdentificacionEmisor', 'TipoIdentificacionReceptor'],
  },
  { name: 'saleConditions', comment: 'CondicionVenta (Nota 5)', matchers: ['CondicionVenta'] },
  { name: 'paymentMethods', comment: 'MedioPago/TipoMedioPago (Nota 6)', matchers: ['TipoMedioPago'] },
  { name: 'taxCodes', comment: 'Impuesto/Codigo, CodigoImpuestoType (Nota 8)', matchers: ['CodigoImpuestoType'] },
  { name: 'ivaRateCodes', comment: 'CodigoTarifaIVA, CodigoTarifaIVAType (Nota 8.1)', matchers: ['CodigoTarifaIVAType'] },
  { name: 'referenceCodes', comment: 'InformacionReferencia/Codigo, CodigoReferenciaType (Nota 9)', matchers: ['CodigoReferenciaType'] },
  {
    name: 'referencedDocumentTypes',
    comment: 'InformacionReferencia/TipoDocIR, TipoDocReferenciaType (Nota 10)',
    matchers: ['TipoDocReferenciaType'],
  },
  {
    name: 'exonerationDocumentTypes',
    comment: 'Exoneracion/TipoDocumentoEX1, TipoExoneracionType (Nota 10.1)',
    matchers: ['TipoExoneracionType'],
  },
  { name: 'receiverMessageTypes', comment: 'MensajeReceptor/Mensaje (Nota 11)', matchers: ['MensajeReceptor/Mensaje'] },
  { name: 'haciendaMessageTypes', comment: 'MensajeHacienda/Mensaje (Nota 11)', matchers: ['MensajeHacienda/Mensaje'] },
  {
    name: 'commercialCodeTypes',
    comment: 'CodigoComercial/Tipo, CodigoComercialSurtido/TipoSurtido (Nota 12)',
    matchers: ['CodigoType/Tipo', 'TipoSurtido'],
  },
  { name: 'currencies', comment: 'CodigoTipoMoneda/CodigoMoneda (Nota 13.1, ISO 4217)', matchers: ['CodigoMoneda'] },
  { name: 'units', comment: 'UnidadMedida, UnidadMedidaType (Nota 15, case-sensitive)', matchers: ['UnidadMedidaType'] },
  {
    name: 'otherChargeTypes',
    comment: 'OtrosCargos/TipoDocumentoOC, TipoDocOtrosCargosType (Nota 16)',
    matchers: ['TipoDocOtrosCargosType'],
  },
  { name: 'taxConditions', comment: 'MensajeReceptor/CondicionImpuesto (Nota 18)', matchers: ['CondicionImpuesto'] },
  { name: 'discountCodes', comment: 'Descuento/CodigoDescuento, CodigoDescuentoType (Nota 20)', matchers: ['CodigoDescuentoType'] },
  {
    name: 'ivaChargedAtFactory',
    comment: 'IVACobradoFabrica, IVACobradoFabricaSurtido (Nota 21)',
    matchers: ['IVACobradoFabrica', 'IVACobradoFabricaSurtido'],
  },
  { name: 'transactionTypes', comment: 'LineaDetalle/TipoTransaccion, TipoTransaccionType (Nota 22)', matchers: ['TipoTransaccionType'] },
  { name: 'exonerationInstitutions', comment: 'Exoneracion/NombreInstitucion (Nota 23)', matchers: ['NombreInstitucion'] },
];

function matches(matcher: string, site: EnumerationSite): boolean {
  return matcher.includes('/') ? site.id === matcher : site.id === matcher || site.name === matcher;
}

/** The one table an enumeration belongs to; throws when none or several claim it. */
export function tableFor(site: EnumerationSite, document: string): CodeTableDef {
  const found = CODE_TABLE_DEFS.filter((def) => def.matchers.some((m) => matches(m, site)));
  if (found.length === 1) return found[0]!;
  const why = found.length === 0 ? 'matches no code table' : `matches several tables (${found.map((d) => d.name).join(', ')})`;
  throw new Error(`${document}: enumeration ${site.id} ${why}; update scripts/lib/code-table-defs.ts`);
}
