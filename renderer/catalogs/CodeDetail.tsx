/**
 * A CABYS code (its nine levels, each a way into the tree, the VAT rate, the notes) or a tariff code (its
 * section, parent and children).
 */
import { useLanguage } from '../i18n/store.ts';
import { formatNumber } from '../shared/money.ts';
import { useT } from './messages.ts';
import { cabysCrumbs, tariffEntry } from './entries.ts';
import { useCatalogs, type Detail } from './store.ts';
import type { CabysCodeDetail, TariffCodeDetail } from './types.ts';

function Cabys({ detail }: { detail: CabysCodeDetail }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const crumbs = cabysCrumbs(detail);
  return (
    <>
      <h3><span className="code">{detail.code}</span> {detail.description_9}</h3>
      <p className="catalogs-vat" data-testid="cabys-vat">{detail.tax_rate === null ? t('catalogs.noVat') : t('catalogs.vat', { rate: formatNumber(language, detail.tax_rate) })}</p>
      <h4>{t('catalogs.levels')}</h4>
      <ol className="catalogs-levels">
        {crumbs.map((crumb, i) => (
          <li key={crumb.code}>
            <button type="button" onClick={() => void useCatalogs.getState().goTo(crumbs.slice(0, i + 1))}>
              <span className="code">{crumb.code}</span>{' '}
              {crumb.label === crumb.code ? '' : crumb.summary ? <span className="catalogs-summary" title={t('catalogs.summary')}>{crumb.label}</span> : crumb.label}
            </button>
          </li>
        ))}
      </ol>
      {detail.includes_note && <><h4>{t('catalogs.includes')}</h4><p>{detail.includes_note}</p></>}
      {detail.excludes_note && <><h4>{t('catalogs.excludes')}</h4><p>{detail.excludes_note}</p></>}
    </>
  );
}

function Tariff({ detail }: { detail: TariffCodeDetail }) {
  const t = useT();
  const open = (code: TariffCodeDetail['children'][number]) => {
    const target = tariffEntry(code).target;
    if (target && 'detail' in target) void useCatalogs.getState().openDetail(target.detail);
    else if (target) void useCatalogs.getState().goTo(target.browse);
  };
  return (
    <>
      <h3><span className="code">{detail.code}</span> {detail.description}</h3>
      {detail.section && <p className="muted">{t('catalogs.section', { section: detail.section })} {detail.section_name}</p>}
      {detail.level === 6 && <p>{t('catalogs.tariffNational')}</p>}
      {detail.children.length > 0 && (
        <>
          <h4>{t('catalogs.tariffChildren')}</h4>
          <ul className="catalogs-levels">
            {detail.children.map((child) => (
              <li key={child.code}><button type="button" onClick={() => open(child)}><span className="code">{child.code}</span> {child.description}</button></li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export function CodeDetail({ detail }: { detail: Detail }) {
  const t = useT();
  return (
    <aside className="catalogs-detail" data-testid="catalogs-detail">
      <button type="button" className="catalogs-close" onClick={() => useCatalogs.getState().closeDetail()}>{t('catalogs.close')}</button>
      {detail.kind === 'cabys' ? <Cabys detail={detail.cabys} /> : <Tariff detail={detail.tariff} />}
    </aside>
  );
}
