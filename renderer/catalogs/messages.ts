/** The words of the catalogs screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const catalogsMessages = defineMessages({
  'nav.catalogs': 'Catálogos',
}, {
  'nav.catalogs': 'Catalogs',
});
