/** The words of the recipients screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const recipientsMessages = defineMessages({
  'nav.recipients': 'Clientes',
}, {
  'nav.recipients': 'Customers',
});
