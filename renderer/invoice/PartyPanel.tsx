/**
 * The other party: searched among saved recipients and, for a complete ID number, in the tax register
 * (GET /hacienda/taxpayers); chosen with ↑/↓ and Enter. Once chosen its fields stay editable (an e-mail
 * for the delivery, an address abroad on an export invoice).
 */
import type { RefObject } from 'react';
import { useT, type MessageKey } from './messages.ts';
import { isExport, needsParty, partyIsSupplier } from './document-types.ts';
import { useSearchBox } from './search-box.ts';
import { useInvoice } from './store.ts';

const SEARCH_DELAY_MS = 250;
const ID_TYPES = ['01', '02', '03', '04', '05'];

export function PartyPanel({ searchRef }: { searchRef: RefObject<HTMLInputElement | null> }) {
  const t = useT();
  const s = useInvoice();
  const party = s.party;

  const onKey = useSearchBox(s.partyQuery, SEARCH_DELAY_MS, () => {
    const store = useInvoice.getState();
    return {
      hits: store.partyResults.length, search: store.searchParties, move: store.moveParty, choose: () => store.chooseParty(),
      clear: () => { store.setPartyQuery(''); useInvoice.setState({ partyResults: [] }); },
    };
  });

  const title = partyIsSupplier(s.documentType) ? t('invoice.supplier') : needsParty(s.documentType) ? t('invoice.receiver') : t('invoice.receiverOptional');
  return (
    <fieldset className="party" data-testid="party">
      <legend>{title}</legend>
      {!party ? (
        <>
          <input ref={searchRef} data-testid="party-search" placeholder={t('invoice.partySearch')} aria-label={t('invoice.partySearch')} value={s.partyQuery} autoComplete="off"
            onChange={(e) => s.setPartyQuery(e.target.value)} onKeyDown={(e) => void onKey(e)} />
          {s.partyResults.length > 0 && (
            <ul className="results" role="listbox" data-testid="party-results">
              {s.partyResults.map((c, i) => (
                <li key={`${c.kind}-${c.party.id}`} role="option" aria-selected={i === s.partySelected} className={i === s.partySelected ? 'selected' : ''} onMouseDown={(e) => { e.preventDefault(); s.chooseParty(i); }}>
                  <strong>{c.party.name}</strong> <span className="code">{c.party.id}</span> <span className="muted">· {t(`invoice.source.${c.kind}` as MessageKey)}</span>
                </li>
              ))}
            </ul>
          )}
          {s.partyQuery.trim().length >= 2 && s.partyResults.length === 0 && <p className="muted">{t('invoice.partyNone')}</p>}
          <button type="button" onClick={() => s.manualParty()}>{t('invoice.manualParty')}</button>
        </>
      ) : (
        <div className="party-card" data-testid="party-card">
          <div className="fields">
            <label className="narrow">
              {t('invoice.idType')}
              <select value={party.type} onChange={(e) => s.editParty({ type: e.target.value })}>
                {ID_TYPES.map((code) => <option key={code} value={code}>{code} · {t(`invoice.idType.${code}` as MessageKey)}</option>)}
              </select>
            </label>
            <label>
              {t('invoice.idNumber')}
              <input value={party.id} data-testid="party-id" onChange={(e) => s.editParty({ id: e.target.value })} autoComplete="off" />
            </label>
          </div>
          <label>
            {t('invoice.name')}
            <input value={party.name} data-testid="party-name" onChange={(e) => s.editParty({ name: e.target.value })} autoComplete="off" />
          </label>
          <label>
            {t('invoice.email')}
            <input type="email" value={party.email} data-testid="party-email" onChange={(e) => s.editParty({ email: e.target.value })} autoComplete="off" />
          </label>
          {isExport(s.documentType) && (
            <label>
              {t('invoice.foreignAddress')}
              <input value={party.foreignAddress} onChange={(e) => s.editParty({ foreignAddress: e.target.value })} autoComplete="off" />
            </label>
          )}
          <p className="muted">
            {t(`invoice.source.${party.source}` as MessageKey)}
            {' · '}
            <button type="button" className="link" onClick={() => { s.clearParty(); setTimeout(() => searchRef.current?.focus(), 0); }}>{t('invoice.changeParty')}</button>
          </p>
        </div>
      )}
    </fieldset>
  );
}
