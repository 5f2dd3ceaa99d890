/** Emisor and Receptor (annex pages 19–24, Notas 4 and 14). */
import { IDENTIFICATION_FORMAT_TEXT, isIdentificationOfType } from '../../domain/identification.ts';
import type { PartyInput } from '../request/parsed-request.ts';
import { ALL_TYPES, allBut, type Report } from './rule.ts';
import { requestRule } from './define.ts';
import type { RequestFacts } from './facts.ts';

function parties(f: RequestFacts): [string, PartyInput | undefined][] {
  return [['issuer', f.req.issuer], ['receiver', f.req.receiver]];
}

function checkIdentification(report: Report, path: string, id: { type: string; number: string } | undefined): void {
  if (id && !isIdentificationOfType(id.type, id.number)) report(path, { type: id.type, format: IDENTIFICATION_FORMAT_TEXT[id.type] ?? '' });
}

export const PARTY_RULES = [
  requestRule({
    id: 'identification-format', section: 'parties', element: 'Identificacion/Numero', types: ALL_TYPES, page: 20,
    quote: 'La "Cédula física" debe de contener 9 dígitos, sin cero al inicio y sin guiones. La "Cédula de personas Jurídicas" debe contener 10 dígitos … DIMEX 11 o 12 dígitos, sin ceros al inicio … NITE 10 dígitos … Extranjero no domiciliado … hasta un máximo de 20 caracteres',
    paths: ['issuer.id', 'receiver.id', 'other_charges.N.id_number'],
    message: { es: 'Una identificación de tipo {type} debe tener {format}, sin guiones.', en: 'An identification of type {type} must have {format}, without dashes.' },
    check: (f, report) => {
      for (const [path, party] of parties(f)) checkIdentification(report, `${path}.id`, party?.identification);
      for (const charge of f.req.otherCharges ?? []) checkIdentification(report, `${charge.path}.id_number`, charge.thirdParty);
    },
  }),
  requestRule({
    id: 'receiver-required', section: 'parties', element: 'Receptor', types: ['01', '08', '09', '10'], page: 22,
    quote: 'Receptor del comprobante … FE 1, FEE 2, FEC 1, TE 2, NC 2, ND 2, REP 1; Identificación del Receptor en FEE obligatorio.',
    paths: ['receiver'],
    message: { es: 'El receptor es obligatorio en este tipo de comprobante.', en: 'The receiver is required on this document type.' },
    check: (f, report) => {
      if (!f.given.receiver) report('receiver');
    },
  }),
  requestRule({
    id: 'issuer-email-required', section: 'parties', element: 'Emisor/CorreoElectronico', types: ['01', '04', '09', '10'], page: 22,
    quote: 'Dirección del correo electrónico del emisor … FE 1, FEE 1, FEC 2, TE 1, NC 2, ND 2, REP 1',
    paths: ['issuer.email'],
    message: { es: 'El correo electrónico del emisor es obligatorio en este tipo de comprobante.', en: 'The issuer\'s e-mail is required on this document type.' },
    check: (f, report) => {
      if (f.req.issuer && f.req.issuer.emails.length === 0) report('issuer.email');
    },
  }),
  requestRule({
    id: 'issuer-location-required', section: 'parties', element: 'Emisor/Ubicacion', types: ['01', '04', '08', '09'], page: 21,
    quote: 'Campo obligatorio en todos los comprobantes, excepto en la Factura Electrónica de Compra cuando se utilice el "códigos 05" de la nota 4 en el Tipo de Identificación del Emisor.',
    paths: ['issuer.address'],
    message: { es: 'La ubicación del emisor es obligatoria (salvo un proveedor extranjero o no contribuyente en la factura de compra).', en: 'The issuer\'s location is required (except a foreign or non-taxpayer supplier on a purchase invoice).' },
    check: (f, report) => {
      const issuer = f.req.issuer;
      if (!issuer || issuer.location !== undefined) return;
      if (f.type === '08' && (issuer.identification.type === '05' || issuer.identification.type === '06')) return;
      report('issuer.address');
    },
  }),
  requestRule({
    id: 'location-code-exists', section: 'parties', element: 'Ubicacion/Provincia|Canton|Distrito', types: allBut('10'), page: 21,
    quote: 'Ver nota 14 y 7 … Validación: Se verificará el cumplimiento de la nota 14.',
    paths: ['issuer.address.district', 'receiver.address.district'],
    message: { es: 'La provincia {province}, el cantón {canton} y el distrito {district} no existen en la codificación de ubicaciones de Hacienda.', en: 'Province {province}, canton {canton} and district {district} do not exist in the tax authority\'s location codes.' },
    check: (f, report) => {
      for (const [path, party] of parties(f)) {
        const l = party?.location;
        if (l && f.reference && !f.reference.hasDistrict(l.province, l.canton, l.district)) report(`${path}.address.district`, { province: l.province, canton: l.canton, district: l.district });
      }
    },
  }),
  requestRule({
    id: 'issuer-type-05-purchase-only', section: 'parties', element: 'Emisor/Identificacion/Tipo', types: allBut('08'), page: 19,
    quote: 'El tipo de identificación código 05 … "Extranjero No Domiciliado" es de uso exclusivo para el tipo de comprobante electrónico "Factura electrónica de compra"',
    paths: ['issuer.type'],
    message: { es: 'El emisor solo puede ser extranjero no domiciliado (05) en la factura electrónica de compra.', en: 'The issuer can be a non-domiciled foreigner (05) only on a purchase invoice.' },
    check: (f, report) => {
      if (f.req.issuer?.identification.type === '05') report('issuer.type');
    },
  }),
  requestRule({
    id: 'issuer-type-05-reference-16', section: 'parties', element: 'Emisor/Identificacion/Tipo', types: ['08'], page: 19,
    quote: 'se verificará que este código se complemente con el código de Documento de Referencia 16 "Comprobante de Proveedor No Domiciliado"',
    paths: ['reference'],
    message: { es: 'Con un proveedor extranjero no domiciliado (05) la referencia debe ser de tipo 16 (comprobante de proveedor no domiciliado).', en: 'With a non-domiciled foreign supplier (05) the reference must be of type 16 (non-domiciled supplier\'s document).' },
    check: (f, report) => {
      if (f.req.issuer?.identification.type === '05' && !(f.req.references ?? []).some((r) => r.documentType === '16')) report('reference');
    },
  }),
  requestRule({
    id: 'issuer-type-06-used-goods', section: 'parties', element: 'Emisor/Identificacion/Tipo', types: ALL_TYPES, page: 19,
    quote: 'El código del tipo de No Contribuyente: Se permitirá en la FEC, únicamente cuando en el campo "Condición de la Venta" se haya seleccionado el código 13',
    paths: ['issuer.type'],
    message: { es: 'El emisor solo puede ser no contribuyente (06) en la factura de compra con condición de venta 13 (bienes usados).', en: 'The issuer can be a non-taxpayer (06) only on a purchase invoice with sale condition 13 (used goods).' },
    check: (f, report) => {
      if (f.req.issuer?.identification.type !== '06') return;
      if (f.type !== '08' || (f.req.commercial?.saleCondition !== undefined && f.req.commercial.saleCondition !== '13')) report('issuer.type');
    },
  }),
  requestRule({
    id: 'issuer-foreign-address', section: 'parties', element: 'Emisor/OtrasSenasExtranjero', types: ALL_TYPES, page: 22,
    quote: 'Es de uso exclusivo para cuanto se selecciona el código "05" en el campo denominado "Tipo de identificación del emisor." … FEC 2, los demás 4',
    paths: ['issuer.foreign_address'],
    message: { es: 'Las otras señas en el extranjero del emisor solo se admiten en la factura de compra a un proveedor extranjero no domiciliado (05).', en: 'The issuer\'s foreign address is only allowed on a purchase invoice from a non-domiciled foreign supplier (05).' },
    check: (f, report) => {
      const issuer = f.req.issuer;
      if (issuer?.foreignAddress !== undefined && (f.type !== '08' || issuer.identification.type !== '05')) report('issuer.foreign_address');
    },
  }),
  requestRule({
    id: 'receiver-foreign-address', section: 'parties', element: 'Receptor/OtrasSenasExtranjero', types: ALL_TYPES, page: 24,
    quote: 'En FE se permitirá este campo para el tipo de identificación de Extranjero No Domiciliado … Este campo se rechazará en FEC. (REP: 4)',
    paths: ['receiver.foreign_address'],
    message: { es: 'Las otras señas en el extranjero del receptor no se admiten aquí: en la factura electrónica solo con un receptor extranjero no domiciliado (05), y nunca en la factura de compra ni en el recibo de pago.', en: 'The receiver\'s foreign address is not allowed here: on an invoice only with a non-domiciled foreign receiver (05), and never on a purchase invoice or payment receipt.' },
    check: (f, report) => {
      const receiver = f.req.receiver;
      if (receiver?.foreignAddress === undefined) return;
      if (f.type === '08' || f.type === '10' || (f.type === '01' && receiver.identification.type !== '05')) report('receiver.foreign_address');
    },
  }),
  requestRule({
    id: 'receiver-type-05', section: 'parties', element: 'Receptor/Identificacion/Tipo', types: ['01', '08', '10'], page: 22,
    quote: 'En FE, se permitirá únicamente cuando la condición de la venta sea código 12 … En la FEC y el REP se rechazará el uso de este código.',
    paths: ['receiver.type'],
    message: { es: 'El receptor extranjero no domiciliado (05) no se admite aquí: en la factura electrónica solo con condición de venta 12, y nunca en la factura de compra ni en el recibo de pago.', en: 'A non-domiciled foreign receiver (05) is not allowed here: on an invoice only with sale condition 12, never on a purchase invoice or payment receipt.' },
    check: (f, report) => {
      if (f.req.receiver?.identification.type !== '05') return;
      if (f.type !== '01' || (f.req.commercial?.saleCondition !== undefined && f.req.commercial.saleCondition !== '12')) report('receiver.type');
    },
  }),
  requestRule({
    id: 'receiver-type-05-reference', section: 'parties', element: 'Receptor/Identificacion/Tipo', types: ['01'], page: 22,
    quote: 'En estos casos se deberá indicar en el apartado, "Información de Referencia" los datos del documento de respaldo de no indicarse se rechazará el comprobante electrónico.',
    paths: ['reference'],
    message: { es: 'Una venta de mercancía no nacionalizada a un receptor extranjero debe indicar en la referencia el documento de respaldo.', en: 'A sale of non-nationalised goods to a foreign receiver must give the supporting document in the reference.' },
    check: (f, report) => {
      if (f.req.receiver?.identification.type === '05' && !f.given.reference) report('reference');
    },
  }),
  requestRule({
    id: 'receiver-type-06', section: 'parties', element: 'Receptor/Identificacion/Tipo', types: ALL_TYPES, page: 68,
    quote: 'Este tipo de identificación [06] estará disponible en los Datos del Emisor de la Factura Electrónica de Compra únicamente',
    paths: ['receiver.type'],
    message: { es: 'El tipo de identificación 06 (no contribuyente) solo se usa para el emisor de una factura de compra.', en: 'Identification type 06 (non-taxpayer) is only used for the issuer of a purchase invoice.' },
    check: (f, report) => {
      if (f.req.receiver?.identification.type === '06') report('receiver.type');
    },
  }),
  requestRule({
    id: 'receiver-05-no-location', section: 'parties', element: 'Receptor/Ubicacion', types: ALL_TYPES, page: 23,
    quote: 'En caso de contar con domicilio en el país, debe indicarse … No aplica para el tipo de identificación de Extranjero No Domiciliado',
    paths: ['receiver.address'],
    message: { es: 'Un receptor extranjero no domiciliado (05) no lleva ubicación en Costa Rica: use foreign_address.', en: 'A non-domiciled foreign receiver (05) has no Costa Rican location: use foreign_address.' },
    check: (f, report) => {
      if (f.req.receiver?.identification.type === '05' && f.req.receiver.location !== undefined) report('receiver.address');
    },
  }),
];
