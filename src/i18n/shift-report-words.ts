/**
 * The words of a shift's X/Z report and the day's Z, for its PDF (src/tills/) and its thermal print
 * (src/printing/): one table, so the paper and the PDF say the same thing.
 */
import { displayAmount } from '../domain/amount-text.ts';
import { IVA_RATES } from '../domain/codes.ts';
import { costaRicaParts } from '../domain/costa-rica-time.ts';
import type { Language } from './validation-messages.ts';

const ES = {
  X: 'Reporte X (turno abierto)', Z: 'Reporte Z (cierre de turno)', day: 'Reporte Z del día',
  shift: 'Turno', till: 'Caja', opened: 'Apertura', closed: 'Cierre', openedBy: 'Abrió', closedBy: 'Cerró', date: 'Día',
  generated: 'Generado', documents: 'Comprobantes', sales: 'Ventas', refunds: 'Devoluciones', net: 'Neto', tax: 'Impuestos',
  byType: 'Por tipo de comprobante', byMethod: 'Por medio de pago', cash: 'Efectivo', openingFloat: 'Fondo inicial',
  cashSales: 'Ventas en efectivo', cashRefunds: 'Devoluciones en efectivo', movementsIn: 'Entradas de efectivo',
  movementsOut: 'Salidas de efectivo', expected: 'Esperado', counted: 'Contado', difference: 'Diferencia', count: 'Arqueo',
  denominations: 'Efectivo por denominación', taxByRate: 'Impuesto por tarifa', base: 'Base', noVat: 'Sin IVA',
  currencies: 'Por moneda', cashiers: 'Por cajero', noCashier: 'Sin cajero (API)', movements: 'Movimientos de efectivo',
  in: 'Entrada', out: 'Salida', voids: 'Anulaciones', approvedBy: 'Autorizó', voided: 'anula', excluded: 'Excluidos',
  listed: 'Comprobantes sumados', total: 'Total', none: 'Ninguno', notCounted: 'Sin arqueo (turno abierto)', shifts: 'Turnos',
  reasons: { rejected: 'rechazado', error: 'con error', not_a_sale: 'no es venta' },
  methods: { cash: 'Efectivo', card: 'Tarjeta', sinpe_movil: 'SINPE Móvil', transfer: 'Transferencia', other: 'Otros' },
  types: { '01': 'Factura', '02': 'Nota de débito', '03': 'Nota de crédito', '04': 'Tiquete', '09': 'Factura de exportación', '10': 'Recibo de pago' },
};

type Words = typeof ES;

const EN: Words = {
  X: 'X report (shift open)', Z: 'Z report (shift close)', day: "Day's Z report",
  shift: 'Shift', till: 'Till', opened: 'Opened', closed: 'Closed', openedBy: 'Opened by', closedBy: 'Closed by', date: 'Day',
  generated: 'Generated', documents: 'Documents', sales: 'Sales', refunds: 'Refunds', net: 'Net', tax: 'Tax',
  byType: 'By document type', byMethod: 'By payment method', cash: 'Cash', openingFloat: 'Opening float',
  cashSales: 'Cash sales', cashRefunds: 'Cash refunds', movementsIn: 'Cash in', movementsOut: 'Cash out',
  expected: 'Expected', counted: 'Counted', difference: 'Difference', count: 'Count',
  denominations: 'Cash by denomination', taxByRate: 'Tax by rate', base: 'Base', noVat: 'No VAT',
  currencies: 'By currency', cashiers: 'By cashier', noCashier: 'No cashier (API)', movements: 'Cash movements',
  in: 'In', out: 'Out', voids: 'Voids', approvedBy: 'Approved by', voided: 'voids', excluded: 'Left out',
  listed: 'Documents added up', total: 'Total', none: 'None', notCounted: 'Not counted (shift open)', shifts: 'Shifts',
  reasons: { rejected: 'rejected', error: 'error', not_a_sale: 'not a sale' },
  methods: { cash: 'Cash', card: 'Card', sinpe_movil: 'SINPE Móvil', transfer: 'Transfer', other: 'Other' },
  types: { '01': 'Invoice', '02': 'Debit note', '03': 'Credit note', '04': 'Ticket', '09': 'Export invoice', '10': 'Payment receipt' },
};

export type ShiftReportWords = Words;

export function shiftReportWords(language: Language): ShiftReportWords {
  return language === 'en' ? EN : ES;
}

/** A VAT rate code as people read it: "08 (13 %)"; lines without VAT in words. */
export function rateLabel(words: ShiftReportWords, code: string | null): string {
  if (code === null) return words.noVat;
  const rate = IVA_RATES[code];
  return rate === undefined ? code : `${code} (${rate} %)`;
}

/** A document type's name, or its code when it has none here. */
export function typeName(words: ShiftReportWords, code: string): string {
  return (words.types as Record<string, string>)[code] ?? code;
}

/** ₡1,130.00, or -₡1,130.00 for money going out (the PDF's and the thermal print's); `absent` for a figure not there. */
export function reportMoney(value: string | null, absent: string): string {
  if (value === null) return absent;
  return value.startsWith('-') ? `-₡${displayAmount(value.slice(1))}` : `₡${displayAmount(value)}`;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** An instant as the shop reads it on paper: Costa Rica time, dd/mm/yyyy hh:mm. */
export function reportTime(iso: string | null): string {
  if (!iso) return '';
  const p = costaRicaParts(new Date(iso));
  return `${pad2(p.day)}/${pad2(p.month)}/${p.year} ${pad2(p.hour)}:${pad2(p.minute)}`;
}
