/**
 * What each comprobante's XSD allows, as data. The writers consult the profile instead of testing
 * the document type, so a difference between types lives in exactly one place. Derived by printing
 * and diffing the element trees of `resources/xsd/v4.4/*.xsd` (the 2026 revision only widens code
 * lists and the clave pattern; its structure is identical).
 */
import type { DocumentTypeCode } from '../domain/document-model.ts';
import { namespaceOf, ROOT_BY_TYPE } from './roots.ts';

/** required = minOccurs 1; optional = minOccurs 0; absent = the type's XSD has no such element. */
export type Presence = 'required' | 'optional' | 'absent';

/** Emisor / Receptor. */
export interface PartyProfile {
  /** REP: only Nombre, Identificacion and CorreoElectronico. */
  readonly reduced: boolean;
  readonly identification: Exclude<Presence, 'absent'>; // Identificacion
  readonly fiscalRegistry: boolean; // Registrofiscal8707 (issuer only)
  readonly location: Presence; // Ubicacion
  readonly foreignAddress: boolean; // OtrasSenasExtranjero
  readonly minEmails: number; // CorreoElectronico minOccurs
  readonly maxEmails: number; // CorreoElectronico maxOccurs
}

/** LineaDetalle (and its LineaDetalleSurtido, which follows the same per-type cuts). */
export interface LineProfile {
  /** REP: NumeroLinea, Detalle, MontoTotal, SubTotal, Impuesto*, ImpuestoNeto, MontoTotalLinea. */
  readonly reduced: boolean;
  readonly tariffCode: boolean; // PartidaArancelaria
  readonly cabys: Exclude<Presence, 'absent'>; // CodigoCABYS
  readonly transactionType: boolean; // TipoTransaccion
  readonly assortment: boolean; // DetalleSurtido
  readonly ivaChargedAtFactory: boolean; // IVACobradoFabrica(Surtido)
  readonly taxableBase: boolean; // BaseImponible(Surtido)
  readonly specificTax: boolean; // DatosImpuestoEspecifico(Surtido)
  readonly exoneration: boolean; // Exoneracion
  readonly exportAmount: boolean; // MontoExportacion
  readonly minTaxes: number; // Impuesto minOccurs
  readonly assumedTax: Presence; // ImpuestoAsumidoEmisorFabrica
  readonly netTax: boolean; // ImpuestoNeto
}

/** ResumenFactura. */
export interface SummaryProfile {
  /** REP: CodigoTipoMoneda, TotalVenta, TotalVentaNeta, TotalDesgloseImpuesto, TotalImpuesto, MedioPago, TotalComprobante. */
  readonly reduced: boolean;
  readonly exoneratedAndNonSubject: boolean; // Total*Exonerad*, Total*NoSujet*
  readonly ivaReturned: boolean; // TotalIVADevuelto
  readonly minPayments: number; // MedioPago minOccurs
  readonly paymentMethodRequired: boolean; // TipoMedioPago minOccurs 1
}

export interface DocumentProfile {
  readonly type: DocumentTypeCode;
  readonly root: string;
  readonly namespace: string;
  readonly issuerActivity: Presence; // CodigoActividadEmisor
  readonly receiverActivity: Presence; // CodigoActividadReceptor
  readonly issuer: PartyProfile; // Emisor
  readonly receiverPresence: Exclude<Presence, 'absent'>; // Receptor
  readonly receiver: PartyProfile;
  readonly saleConditionDetails: boolean; // CondicionVentaOtros, PlazoCredito
  readonly detail: Exclude<Presence, 'absent'>; // DetalleServicio
  readonly line: LineProfile;
  readonly otherCharges: boolean; // OtrosCargos
  readonly summary: SummaryProfile;
  readonly references: Exclude<Presence, 'absent'>; // InformacionReferencia
  readonly referenceNumber: Exclude<Presence, 'absent'>; // InformacionReferencia/Numero
  readonly others: boolean; // Otros
}

const ISSUER: PartyProfile = {
  reduced: false,
  identification: 'required',
  fiscalRegistry: true,
  location: 'required',
  foreignAddress: false,
  minEmails: 1,
  maxEmails: 4,
};
const RECEIVER: PartyProfile = {
  reduced: false,
  identification: 'required',
  fiscalRegistry: false,
  location: 'optional',
  foreignAddress: true,
  minEmails: 0,
  maxEmails: 1,
};
const LINE: LineProfile = {
  reduced: false,
  tariffCode: false,
  cabys: 'required',
  transactionType: true,
  assortment: true,
  ivaChargedAtFactory: true,
  taxableBase: true,
  specificTax: true,
  exoneration: true,
  exportAmount: false,
  minTaxes: 1,
  assumedTax: 'required',
  netTax: true,
};
const SUMMARY: SummaryProfile = {
  reduced: false,
  exoneratedAndNonSubject: true,
  ivaReturned: true,
  minPayments: 0,
  paymentMethodRequired: false,
};

function profile(type: DocumentTypeCode, rest: Omit<DocumentProfile, 'type' | 'root' | 'namespace'>): DocumentProfile {
  const root = ROOT_BY_TYPE[type];
  // Spread first: `rest` is often another profile, whose identity must not leak in.
  return { ...rest, type, root, namespace: namespaceOf(root) };
}

/** FacturaElectronica: the reference shape the other profiles are cut from. */
const INVOICE = profile('01', {
  issuerActivity: 'required',
  receiverActivity: 'optional',
  issuer: ISSUER,
  receiverPresence: 'required',
  receiver: RECEIVER,
  saleConditionDetails: true,
  detail: 'optional',
  line: LINE,
  otherCharges: true,
  summary: SUMMARY,
  references: 'optional',
  referenceNumber: 'optional',
  others: true,
});

/** Nota de débito / crédito: relaxed issuer and receiver, tariff codes, references required. */
function note(type: '02' | '03'): DocumentProfile {
  return profile(type, {
    ...INVOICE,
    issuerActivity: 'optional',
    issuer: { ...ISSUER, location: 'optional', minEmails: 0 },
    receiverPresence: 'optional',
    receiver: { ...RECEIVER, identification: 'optional' },
    line: { ...LINE, tariffCode: true, cabys: 'optional', assumedTax: 'optional', exportAmount: true },
    references: 'required',
  });
}

export const PROFILES: Readonly<Record<DocumentTypeCode, DocumentProfile>> = {
  '01': INVOICE,
  '02': note('02'),
  '03': note('03'),
  // Tiquete: no receiver activity, optional receiver, no TipoTransaccion.
  '04': profile('04', {
    ...INVOICE,
    receiverActivity: 'absent',
    receiverPresence: 'optional',
    receiver: { ...RECEIVER, identification: 'optional' },
    line: { ...LINE, transactionType: false },
  }),
  // Compra: the receiver (the app's user) declares the activity; the supplier may be foreign.
  '08': profile('08', {
    ...INVOICE,
    issuerActivity: 'optional',
    receiverActivity: 'required',
    issuer: { ...ISSUER, location: 'optional', foreignAddress: true, minEmails: 0 },
    receiver: { ...RECEIVER, foreignAddress: false },
    detail: 'required',
    line: { ...LINE, assortment: false, ivaChargedAtFactory: false, specificTax: false, assumedTax: 'absent' },
    summary: { ...SUMMARY, ivaReturned: false },
    references: 'required',
  }),
  // Exportación: foreign receiver without Ubicacion; no base/net/assumed tax, no exonerations.
  '09': profile('09', {
    ...INVOICE,
    receiverActivity: 'absent',
    receiverPresence: 'optional',
    receiver: { ...RECEIVER, identification: 'optional', location: 'absent' },
    detail: 'required',
    line: {
      ...LINE,
      tariffCode: true,
      ivaChargedAtFactory: false,
      taxableBase: false,
      specificTax: false,
      exoneration: false,
      exportAmount: true,
      assumedTax: 'absent',
      netTax: false,
    },
    summary: { ...SUMMARY, exoneratedAndNonSubject: false, ivaReturned: false },
  }),
  // Recibo electrónico de pago: a much smaller document.
  '10': profile('10', {
    issuerActivity: 'absent',
    receiverActivity: 'absent',
    issuer: { ...ISSUER, reduced: true, fiscalRegistry: false, location: 'absent' },
    receiverPresence: 'required',
    receiver: { ...RECEIVER, reduced: true, location: 'absent', foreignAddress: false },
    saleConditionDetails: false,
    detail: 'required',
    line: {
      ...LINE,
      reduced: true,
      transactionType: false,
      assortment: false,
      ivaChargedAtFactory: false,
      taxableBase: false,
      specificTax: false,
      exoneration: false,
      minTaxes: 0,
      assumedTax: 'absent',
    },
    otherCharges: false,
    summary: { ...SUMMARY, reduced: true, exoneratedAndNonSubject: false, ivaReturned: false, minPayments: 1, paymentMethodRequired: true },
    references: 'required',
    referenceNumber: 'required',
    others: false,
  }),
};
