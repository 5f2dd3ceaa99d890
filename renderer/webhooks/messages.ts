/** The words of the webhooks screen (renderer/i18n/messages.ts merges them). */
import { defineMessages } from '../i18n/define.ts';

export const webhooksMessages = defineMessages({
  'nav.webhooks': 'Webhooks',
}, {
  'nav.webhooks': 'Webhooks',
});
