/**
 * The screens' words: Spanish first (the shopkeeper's language), English as the switchable second. The
 * shell's and the first screens' words are here; every other screen keeps its own in `<screen>/messages.ts`
 * (defineMessages), merged below, so that a screen and its words change together.
 */
import { defineMessages } from './define.ts';
import { catalogsMessages } from '../catalogs/messages.ts';
import { certificateMessages } from '../certificate/messages.ts';
import { invoiceMessages } from '../invoice/messages.ts';
import { keysMessages } from '../keys/messages.ts';
import { recipientsMessages } from '../recipients/messages.ts';
import { settingsMessages } from '../settings/messages.ts';
import { setupMessages } from '../setup/messages.ts';
import { webhooksMessages } from '../webhooks/messages.ts';

const shell = defineMessages({
  'app.title': 'Facturador',
  'nav.counter': 'Caja',
  'nav.documents': 'Comprobantes',
  'lang.switch': 'English',
  'banner.offline': 'Hacienda no responde. Los comprobantes se firman y quedan en cola: {count} en espera.',
  'banner.lastContact': 'Último contacto: {when}.',
  'counter.search': 'Buscar producto o CABYS (Enter agrega, 3* cantidad)',
  'counter.price': 'Precio unitario (Enter agrega)',
  'counter.results': 'Resultados',
  'counter.lines': 'Líneas del tiquete',
  'counter.empty': 'Sin líneas: busque un producto y pulse Enter.',
  'counter.qty': 'Cant.',
  'counter.description': 'Descripción',
  'counter.unitPrice': 'Precio',
  'counter.tax': 'IVA',
  'counter.payment': 'Pago',
  'counter.issue': 'Emitir (F9 o Ctrl+Enter)',
  'counter.issuing': 'Emitiendo…',
  'counter.issued': 'Tiquete emitido',
  'counter.clave': 'Clave',
  'counter.total': 'Total',
  'counter.keys': 'F2 buscar · F5 efectivo · F6 tarjeta · F7 SINPE Móvil · Supr quita la última línea · F9 emite · Esc limpia',
  'counter.noOrganization': 'Esta sesión no tiene una organización emisora.',
  'address.why': 'Antes del primer tiquete: la ubicación del emisor que exige el comprobante.',
  'address.province': 'Provincia (1-7)',
  'address.canton': 'Cantón (2 dígitos)',
  'address.district': 'Distrito (2 dígitos)',
  'address.details': 'Otras señas',
  'address.save': 'Guardar',
  'pay.cash': 'Efectivo',
  'pay.card': 'Tarjeta',
  'pay.sinpe': 'SINPE Móvil',
  'docs.title': 'Comprobantes',
  'docs.refresh': 'Actualizar',
  'docs.empty': 'Todavía no hay comprobantes.',
  'docs.date': 'Fecha',
  'docs.consecutive': 'Consecutivo',
  'docs.receiver': 'Receptor',
  'docs.total': 'Total',
  'docs.status': 'Estado',
  'docs.message': 'Mensaje de Hacienda',
  'docs.rejections': 'Motivos de rechazo',
  'docs.none': '—',
  'status.processing': 'Procesando',
  'status.sent': 'Enviado',
  'status.queued': 'En cola',
  'status.accepted': 'Aceptado',
  'status.rejected': 'Rechazado',
  'status.error': 'Error',
  'error.server_unreachable': 'El servidor local no responde.',
  'error.unauthenticated': 'Sesión vencida: abra de nuevo el enlace de inicio de sesión que muestra el servidor.',
}, {
  'app.title': 'Facturador',
  'nav.counter': 'Counter',
  'nav.documents': 'Documents',
  'lang.switch': 'Español',
  'banner.offline': 'The tax authority is unreachable. Documents are signed and queued: {count} waiting.',
  'banner.lastContact': 'Last contact: {when}.',
  'counter.search': 'Search product or CABYS (Enter adds, 3* quantity)',
  'counter.price': 'Unit price (Enter adds)',
  'counter.results': 'Results',
  'counter.lines': 'Ticket lines',
  'counter.empty': 'No lines yet: search a product and press Enter.',
  'counter.qty': 'Qty',
  'counter.description': 'Description',
  'counter.unitPrice': 'Price',
  'counter.tax': 'VAT',
  'counter.payment': 'Payment',
  'counter.issue': 'Issue (F9 or Ctrl+Enter)',
  'counter.issuing': 'Issuing…',
  'counter.issued': 'Ticket issued',
  'counter.clave': 'Clave',
  'counter.total': 'Total',
  'counter.keys': 'F2 search · F5 cash · F6 card · F7 SINPE Móvil · Del removes the last line · F9 issues · Esc clears',
  'counter.noOrganization': 'This session has no issuing organization.',
  'address.why': 'Before the first ticket: the issuer location the document requires.',
  'address.province': 'Province (1-7)',
  'address.canton': 'Canton (2 digits)',
  'address.district': 'District (2 digits)',
  'address.details': 'Address details',
  'address.save': 'Save',
  'pay.cash': 'Cash',
  'pay.card': 'Card',
  'pay.sinpe': 'SINPE Móvil',
  'docs.title': 'Documents',
  'docs.refresh': 'Refresh',
  'docs.empty': 'No documents yet.',
  'docs.date': 'Date',
  'docs.consecutive': 'Consecutive',
  'docs.receiver': 'Receiver',
  'docs.total': 'Total',
  'docs.status': 'Status',
  'docs.message': "Tax authority's message",
  'docs.rejections': 'Rejection reasons',
  'docs.none': '—',
  'status.processing': 'Processing',
  'status.sent': 'Sent',
  'status.queued': 'Queued',
  'status.accepted': 'Accepted',
  'status.rejected': 'Rejected',
  'status.error': 'Error',
  'error.server_unreachable': 'The local server does not answer.',
  'error.unauthenticated': 'Session expired: open the login link the server prints again.',
});

const screens = [catalogsMessages, certificateMessages, invoiceMessages, keysMessages, recipientsMessages, settingsMessages, setupMessages, webhooksMessages] as const;

/** Every screen's keys (distributed over the union: `keyof` of a union would keep only common keys). */
type KeysOf<M> = M extends { es: infer E } ? keyof E : never;
type ScreenKeys = KeysOf<(typeof screens)[number]>;
export type MessageKey = keyof typeof shell.es | ScreenKeys;

export const es = Object.assign({}, shell.es, ...screens.map((m) => m.es)) as Record<MessageKey, string>;
export const en = Object.assign({}, shell.en, ...screens.map((m) => m.en)) as Record<MessageKey, string>;
