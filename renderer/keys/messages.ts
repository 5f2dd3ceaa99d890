/** The words of the keys screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const keysMessages = defineMessages({
  'nav.keys': 'Llaves API',
}, {
  'nav.keys': 'API keys',
});
