/** Today's reference USD rate, above every catalog: the number the shopkeeper most often looks up. */
import { errorText, useLanguage } from '../i18n/store.ts';
import { formatNumber } from '../shared/money.ts';
import { useT } from './messages.ts';
import { useCatalogs } from './store.ts';

export function ExchangeRateStrip() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const rate = useCatalogs((s) => s.rate);
  const error = useCatalogs((s) => s.rateError);
  if (error) return <p className="catalogs-rate muted" data-testid="exchange-rate">{t('catalogs.rateUnavailable', { note: errorText(language, error) })}</p>;
  if (!rate) return null;
  if (rate.buy === null || rate.sell === null) return <p className="catalogs-rate muted" data-testid="exchange-rate">{t('catalogs.rateUnavailable', { note: rate.note ?? '' })}</p>;
  const amount = (text: string) => formatNumber(language, text);
  const date = new Date(`${rate.date}T00:00:00Z`).toLocaleDateString(language === 'en' ? 'en-US' : 'es-CR', { timeZone: 'UTC' });
  return (
    <p className="catalogs-rate" data-testid="exchange-rate">
      {t('catalogs.rate', { date, entity: rate.entity.toUpperCase(), buy: amount(rate.buy), sell: amount(rate.sell) })}
      {rate.stale && <span className="muted"> ({t('catalogs.rateStale')})</span>}
    </p>
  );
}
