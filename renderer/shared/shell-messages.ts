/** The shell's words: the title, the screens' names in the top bar, the language switch, signing out. */
import { defineMessages, mergeMessages, type KeyOf } from '../i18n/define.ts';
import { translator } from '../i18n/store.ts';
import { sharedMessages } from './messages.ts';

export const shellMessages = defineMessages({
  'app.title': 'Facturador',
  'app.screenFailed': 'No se pudo abrir esta pantalla ({message}). Recargue la página.',
  'nav.counter': 'Caja',
  'nav.documents': 'Comprobantes',
  'lang.switch': 'English',
  'app.signOut': 'Cerrar sesión',
  'app.signOutConfirm': '¿Cerrar la sesión en este equipo? Para volver a entrar hará falta un enlace nuevo de inicio de sesión («facturador login-url» en el servidor).',
  'app.signOutFailed': 'La sesión sigue abierta: el servidor local no pudo cerrarla. Intente de nuevo.',
  'nav.catalogs': 'Catálogos',
  'nav.certificate': 'Certificado',
  'nav.invoice': 'Facturas',
  'nav.keys': 'Llaves API',
  'nav.products': 'Productos',
  'nav.recipients': 'Clientes',
  'nav.settings': 'Ajustes',
  'nav.webhooks': 'Webhooks',
  'nav.purchases': 'Compras',
  'nav.vat': 'Declaración IVA',
  'nav.pendingAnswers': '{count} facturas de proveedores por responder',
  'nav.shift': 'Turno de caja',
  'nav.cashiers': 'Cajeros',
  'nav.printers': 'Impresoras',
}, {
  'app.title': 'Facturador',
  'app.screenFailed': 'This screen could not be opened ({message}). Reload the page.',
  'nav.counter': 'Counter',
  'nav.documents': 'Documents',
  'lang.switch': 'Español',
  'app.signOut': 'Sign out',
  'app.signOutConfirm': 'Sign out on this computer? Getting back in needs a new sign-in link ("facturador login-url" on the server).',
  'app.signOutFailed': 'You are still signed in: the local server could not end the session. Try again.',
  'nav.catalogs': 'Catalogs',
  'nav.certificate': 'Certificate',
  'nav.invoice': 'Invoices',
  'nav.keys': 'API keys',
  'nav.products': 'Products',
  'nav.recipients': 'Customers',
  'nav.settings': 'Settings',
  'nav.webhooks': 'Webhooks',
  'nav.purchases': 'Purchases',
  'nav.vat': 'VAT return',
  'nav.pendingAnswers': '{count} supplier invoices to answer',
  'nav.shift': 'Till shift',
  'nav.cashiers': 'Cashiers',
  'nav.printers': 'Printers',
});

const catalog = mergeMessages(sharedMessages, shellMessages);
export type MessageKey = KeyOf<typeof catalog>;
export const { useT } = translator(catalog);
