/** The approval dialog's words, with the kernel's. */
import { defineMessages, mergeMessages } from '../../i18n/define.ts';
import { translator } from '../../i18n/store.ts';
import { sharedMessages } from '../messages.ts';

export const approvalMessages = defineMessages({
  'approval.title': 'Autorización de un supervisor',
  'approval.why.void': 'Anular un comprobante necesita la autorización de un supervisor.',
  'approval.why.credit_note': 'Una nota de crédito (devolución) necesita la autorización de un supervisor.',
  'approval.why.debit_note': 'Una nota de débito necesita la autorización de un supervisor.',
  'approval.why.discount': 'Este descuento pasa el límite del cajero: necesita la autorización de un supervisor.',
  'approval.why.other_shift': 'El turno es de otro cajero: necesita la autorización de un supervisor.',
  'approval.who': 'Supervisor',
  'approval.pin': 'PIN del supervisor',
  'approval.ok': 'Autorizar',
  'approval.cancel': 'Cancelar',
  'approval.none': 'No hay supervisores activos: el dueño puede crearlos en Cajeros.',
}, {
  'approval.title': "A supervisor's approval",
  'approval.why.void': 'Voiding a document needs a supervisor’s approval.',
  'approval.why.credit_note': 'A credit note (refund) needs a supervisor’s approval.',
  'approval.why.debit_note': 'A debit note needs a supervisor’s approval.',
  'approval.why.discount': 'This discount is over the cashier’s limit: it needs a supervisor’s approval.',
  'approval.why.other_shift': 'The shift is another cashier’s: it needs a supervisor’s approval.',
  'approval.who': 'Supervisor',
  'approval.pin': "Supervisor's PIN",
  'approval.ok': 'Approve',
  'approval.cancel': 'Cancel',
  'approval.none': 'There are no active supervisors: the owner can add them in Cashiers.',
});

export const { useT } = translator(mergeMessages(sharedMessages, approvalMessages));
