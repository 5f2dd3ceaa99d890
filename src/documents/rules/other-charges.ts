/** OtrosCargos (annex pages 47–49, Nota 16) and Otros (page 59). */
import { sum } from '../../domain/money.ts';
import { allBut } from './rule.ts';
import { otherDescribed, requestRule } from './define.ts';

export const OTHER_CHARGE_RULES = [
  requestRule({
    id: 'other-charges-not-on-payment-receipt', section: 'other-charges', element: 'OtrosCargos', types: ['10'], page: 47,
    quote: 'OtrosCargos … REP 4 (inexistente)',
    paths: ['other_charges'],
    message: { es: 'El recibo electrónico de pago no admite otros cargos.', en: 'A payment receipt does not allow other charges.' },
    check: (f, report) => {
      if ((f.req.otherCharges ?? []).length > 0 || (f.req.totals?.otherCharges?.greaterThan(0) ?? false)) report('other_charges');
    },
  }),
  otherDescribed({
    id: 'other-charge-type-other-required', section: 'other-charges', element: 'OtrosCargos/TipoDocumentoOTROS', types: allBut('10'), page: 47,
    quote: 'Será obligatorio en caso de utilizar el código 99 de "Otros" de la nota 16.',
    paths: ['other_charges.N.type_other'],
    what: { es: 'el cargo (type_other)', en: 'the charge (type_other)' },
    entries: (f) => (f.req.otherCharges ?? []).map((c) => ({ path: `${c.path}.type_other`, code: c.type, description: c.typeOther })),
  }),
  requestRule({
    id: 'third-party-charge-identified', section: 'other-charges', element: 'OtrosCargos/IdentificacionTercero', types: allBut('10'), page: 47,
    quote: 'Este campo será de condición obligatoria, cuando se seleccione en "tipo de documento" el código 04 de la nota 16. … caso contrario se rechazará el comprobante.',
    paths: ['other_charges.N.id_number', 'other_charges.N.name'],
    message: { es: 'Un cobro de un tercero (04) debe identificar al tercero: {what}.', en: 'A charge collected for a third party (04) must identify the third party: {what}.' },
    check: (f, report) => {
      for (const c of f.req.otherCharges ?? []) {
        if (c.type !== '04') continue;
        if (c.thirdParty === undefined) report(`${c.path}.id_number`, { what: { es: 'su identificación (id_number)', en: 'its identification (id_number)' } });
        if (c.thirdPartyName === undefined) report(`${c.path}.name`, { what: { es: 'su nombre (name)', en: 'its name (name)' } });
      }
    },
  }),
  requestRule({
    id: 'other-charges-total', section: 'summary', element: 'ResumenFactura/TotalOtrosCargos', types: allBut('10'), page: 54,
    quote: 'Se obtiene de la suma de todos los campos "Monto del cargo"',
    paths: ['totals.total_other_charges'],
    message: { es: 'No coincide con la suma de other_charges ({sum}).', en: 'Does not match the sum of other_charges ({sum}).' },
    check: (f, report) => {
      const given = f.req.totals?.otherCharges;
      const charges = f.req.otherCharges ?? [];
      if (given === undefined || charges.length === 0) return;
      const total = sum(charges.map((c) => c.amount));
      if (!total.equals(given)) report('totals.total_other_charges', { sum: total.toFixed(5) });
    },
  }),
  requestRule({
    id: 'others-not-on-payment-receipt', section: 'others', element: 'Otros', types: ['10'], page: 58,
    quote: 'Otros … REP 4 (inexistente)',
    paths: ['others'],
    message: { es: 'El recibo electrónico de pago no admite el apartado Otros.', en: 'A payment receipt does not allow the Otros section.' },
    check: (f, report) => {
      if ((f.req.others ?? []).length > 0) report('others');
    },
  }),
];
