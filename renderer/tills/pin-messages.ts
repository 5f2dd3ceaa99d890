/**
 * The PIN pad's and the top bar's words (and the roles'): in the initial bundle with the gate, apart from
 * the tills screens' catalogue (messages.ts), which is loaded with those screens.
 */
import { defineMessages, mergeMessages } from '../i18n/define.ts';
import { translator } from '../i18n/store.ts';
import { sharedMessages } from '../shared/messages.ts';

export const pinMessages = defineMessages({
  'pin.title': 'Ingrese su PIN',
  'pin.who': '¿Quién está en la caja?',
  'pin.pin': 'PIN',
  'pin.erase': 'Borrar',
  'pin.enter': 'Entrar',
  'pin.back': 'Esc: elegir otro nombre',
  'pin.checking': 'Cargando…',
  'pin.lock': 'Bloquear',
  'role.cashier': 'Cajero',
  'role.supervisor': 'Supervisor',
  'role.owner': 'Dueño',
}, {
  'pin.title': 'Enter your PIN',
  'pin.who': 'Who is at the till?',
  'pin.pin': 'PIN',
  'pin.erase': 'Erase',
  'pin.enter': 'Enter',
  'pin.back': 'Esc: choose another name',
  'pin.checking': 'Loading…',
  'pin.lock': 'Lock',
  'role.cashier': 'Cashier',
  'role.supervisor': 'Supervisor',
  'role.owner': 'Owner',
});

export const { useT } = translator(mergeMessages(sharedMessages, pinMessages));
