/**
 * A document's VAT, as the monthly return needs it: its lines' net sales and VAT grouped by tax code, VAT
 * rate code and goods or services, in colones. Kept with every issued and received document when it is
 * stored (store/vat-lines.ts), so that a month's worksheet (src/reports/) adds stored figures instead of
 * reading thousands of signed XMLs.
 *
 * - `base` is what the line sold net of discounts (SubTotal; a combo's components by their own SubTotal),
 *   `tax` the VAT it charged before exoneration (Impuesto/Monto), `exoneratedTax` what an exoneration took off
 *   it (MontoExoneracion) and `exoneratedBase` the matching share of the base, SubTotal × exonerated ÷ tax
 *   (the annex's split of an exonerated line, page 51).
 * - A line with no VAT tax at all is one row without a rate code: non-subject.
 * - Colones: each amount × the document's TipoCambio, rounded to 5 places once per group, so that a
 *   month's figures are sums of stored values and reconcile with the documents to the cent.
 */
import type { Decimal } from 'decimal.js';
import type { DocumentModel, Line, LineTax } from './document-model.ts';
import { costaRicaDate, parseZonedDateTime } from './costa-rica-time.ts';
import { ZERO, round5 } from './money.ts';
import { VAT_TAX_CODES } from './tax-amounts.ts';

/** Amounts are decimal text with 5 places: they cross to and from worker threads and into the store as they are. */
export interface VatLine {
  /** Impuesto/Codigo: 01 IVA, 07 IVA (cálculo especial), 08 IVA régimen de bienes usados; null: no VAT. */
  taxCode: string | null;
  /** CodigoTarifaIVA (Nota 8.1); null where the line carries none. */
  rateCode: string | null;
  service: boolean;
  base: string;
  tax: string;
  exoneratedBase: string;
  exoneratedTax: string;
}

/** The VAT figures of one document: its lines grouped, and its TotalIVADevuelto, in colones. */
export interface DocumentVat {
  lines: VatLine[];
  ivaReturned: string;
}

interface Part {
  taxCode: string | null;
  rateCode: string | null;
  service: boolean;
  base: Decimal;
  tax: Decimal;
  exoneratedTax: Decimal;
}

const isVat = (t: Pick<LineTax, 'code'>) => VAT_TAX_CODES.has(t.code);

/** A line's parts: a combo by its components (each with its own rate), any other line whole. */
function partsOf(line: Line): Part[] {
  if (line.assortment.length > 0) {
    return line.assortment.map((c) => {
      const vat = c.taxes.find(isVat);
      return { taxCode: vat?.code ?? null, rateCode: vat?.rateCode ?? null, service: line.isService, base: c.subtotal, tax: vat?.amount ?? ZERO, exoneratedTax: ZERO };
    });
  }
  const vat = line.taxes.find(isVat);
  return [{
    taxCode: vat?.code ?? null,
    rateCode: vat?.rateCode ?? null,
    service: line.isService,
    base: line.subtotal,
    tax: vat?.amount ?? ZERO,
    exoneratedTax: vat?.exoneration?.amount ?? ZERO,
  }];
}

const keyOf = (p: Part) => `${p.taxCode ?? ''}|${p.rateCode ?? ''}|${p.service ? 's' : 'g'}`;

/** The document's VAT figures in colones (see the file's comment). */
export function documentVat(model: DocumentModel): DocumentVat {
  const groups = new Map<string, Part & { exoneratedBase: Decimal }>();
  for (const line of model.lines) {
    for (const part of partsOf(line)) {
      const exoneratedBase = part.exoneratedTax.isZero() || part.tax.isZero() ? ZERO : part.base.mul(part.exoneratedTax).div(part.tax);
      const group = groups.get(keyOf(part));
      if (!group) groups.set(keyOf(part), { ...part, exoneratedBase });
      else {
        group.base = group.base.plus(part.base);
        group.tax = group.tax.plus(part.tax);
        group.exoneratedTax = group.exoneratedTax.plus(part.exoneratedTax);
        group.exoneratedBase = group.exoneratedBase.plus(exoneratedBase);
      }
    }
  }
  const rate = model.summary.exchangeRate;
  const crc = (amount: Decimal) => round5(amount.mul(rate)).toFixed(5);
  return {
    lines: [...groups.values()].map((g) => ({
      taxCode: g.taxCode,
      rateCode: g.rateCode,
      service: g.service,
      base: crc(g.base),
      tax: crc(g.tax),
      exoneratedBase: crc(g.exoneratedBase),
      exoneratedTax: crc(g.exoneratedTax),
    })),
    ivaReturned: crc(model.summary.ivaReturned),
  };
}

/** The transaction's month, YYYY-MM in Costa Rica time, from a FechaEmision whatever offset it was written with. */
export function transactionMonth(issuedAt: string): string {
  const instant = parseZonedDateTime(issuedAt);
  return instant ? costaRicaDate(instant).slice(0, 7) : issuedAt.slice(0, 7);
}
