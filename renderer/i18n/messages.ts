/**
 * The language switch's own words: what `errorText` says for a failure every screen may meet (the local
 * server away, the session over). Every other word belongs to the code that shows it: a screen's in
 * `<screen>/messages.ts`, the shared kernel's in shared/messages.ts, the shell's in shared/shell-messages.ts.
 */
import { defineMessages } from './define.ts';

export const errorMessages = defineMessages({
  'error.server_unreachable': 'El servidor local no responde.',
  'error.unauthenticated': 'Sesión vencida: abra de nuevo el enlace de inicio de sesión que muestra el servidor.',
}, {
  'error.server_unreachable': 'The local server does not answer.',
  'error.unauthenticated': 'Session expired: open the login link the server prints again.',
});
