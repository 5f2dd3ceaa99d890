/**
 * The CSV import: which columns, an example to start from, the file, and the server's report — how many
 * were imported and updated, and each refused row with its number (as the spreadsheet shows it), the
 * column and the reason. A file whose header cannot be read is refused as a whole, with the reasons.
 */
import type { ChangeEvent } from 'react';
import { useT } from './messages.ts';
import { readCsvFile } from './csv-file.ts';
import { useProducts } from './store.ts';

/** The example offered for download: UTF-8 with a byte-order mark, so that Excel opens the accents right. */
const TEMPLATE = '\uFEFF' + [
  'code,barcode,description,cabys_code,unit,price,currency,tax_rate_code,price_includes_vat',
  'CAF-500,7441001234567,Café molido 500 g,2391102010200,Unid,3500,CRC,02,sí',
  'ASE-01,,Asesoría (hora),8311200000000,h,25000,CRC,08,no',
  '',
].join('\r\n');
const TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;

export function ImportPanel() {
  const t = useT();
  const { importing, report, importRefused } = useProducts();

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const text = await readCsvFile(file);
    input.value = ''; // the same file chosen again (after fixing it) imports again
    await useProducts.getState().importCsv(text);
  };

  return (
    <div className="products-import" data-testid="products-import">
      <h3>{t('products.importTitle')}</h3>
      <p>{t('products.importWhy')}</p>
      <p className="muted">{t('products.importColumns')}</p>
      <p><a href={TEMPLATE_URL} download="productos.csv">{t('products.importTemplate')}</a></p>
      <label>
        {t('products.importFile')}
        <input type="file" accept=".csv,text/csv" disabled={importing} onChange={(e) => void choose(e)} data-testid="products-import-file" />
      </label>
      {importing && <p className="muted" role="status">{t('products.importing')}</p>}
      {importRefused.length > 0 && (
        <div className="error" role="alert" data-testid="products-import-refused">
          {t('products.importRefused')}
          <ul>{importRefused.map((reason) => <li key={reason}>{reason}</li>)}</ul>
        </div>
      )}
      {report && (
        <div data-testid="products-import-report">
          <p className="products-ok" role="status" data-testid="products-import-summary">{t('products.importDone', { imported: report.imported, updated: report.updated, skipped: report.skipped })}</p>
          {report.problems.length === 0 ? <p>{t('products.importAllGood')}</p> : (
            <table data-testid="products-import-problems">
              <thead><tr><th className="num">{t('products.importRow')}</th><th>{t('products.importField')}</th><th>{t('products.importReason')}</th></tr></thead>
              <tbody>
                {report.problems.map((p, i) => (
                  <tr key={`${p.row}-${i}`}>
                    <td className="num">{p.row}</td>
                    <td className="code">{p.field ?? '—'}</td>
                    <td>{p.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </div>
  );
}
