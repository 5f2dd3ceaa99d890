/** The words of the settings screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const settingsMessages = defineMessages({
  'nav.settings': 'Ajustes',
}, {
  'nav.settings': 'Settings',
});
