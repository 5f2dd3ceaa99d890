/** The words of the certificate screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const certificateMessages = defineMessages({
  'nav.certificate': 'Certificado',
}, {
  'nav.certificate': 'Certificate',
});
