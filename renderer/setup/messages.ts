/** The words of the setup screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const setupMessages = defineMessages({
  'nav.setup': 'Primeros pasos',
}, {
  'nav.setup': 'First steps',
});
