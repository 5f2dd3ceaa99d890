/** The words of the invoice screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const invoiceMessages = defineMessages({
  'nav.invoice': 'Facturas y notas',
}, {
  'nav.invoice': 'Invoices and notes',
});
