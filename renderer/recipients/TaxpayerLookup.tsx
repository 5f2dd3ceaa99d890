/** The answer of the taxpayer look-up, under the identification field. */
import { useT } from './messages.ts';
import { useRecipients } from './store.ts';

export function TaxpayerLookup() {
  const t = useT();
  const lookup = useRecipients((s) => s.lookup);
  if (!lookup) return null;
  switch (lookup.state) {
    case 'looking':
      return <p className="muted" role="status">{t('recipients.looking')}</p>;
    case 'saved':
      return (
        <p className="recipients-note" role="status" data-testid="recipient-lookup">
          {t('recipients.alreadySaved', { name: lookup.recipient.name })}{' '}
          <button type="button" onClick={() => void useRecipients.getState().open(lookup.recipient)}>{t('recipients.openSaved')}</button>
        </p>
      );
    case 'found':
      return (
        <p className="recipients-found" role="status" data-testid="recipient-lookup">
          {t('recipients.found', { name: lookup.taxpayer.nombre, kind: lookup.taxpayer.tipo_texto, state: lookup.taxpayer.situacion?.estado ?? '' })}
        </p>
      );
    case 'not_found':
      return <p className="recipients-note" role="status" data-testid="recipient-lookup">{t('recipients.notFound')}</p>;
    case 'unavailable':
      return <p className="error" role="status" data-testid="recipient-lookup">{t('recipients.unavailable', { message: lookup.message })}</p>;
  }
}
