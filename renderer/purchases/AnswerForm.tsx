/**
 * The answer to the open document, prefilled: "Aceptar" with the whole VAT as credit (CondicionImpuesto 01)
 * is one Ctrl+Enter away; "Aceptar en parte" and "Rechazar" ask for the reason; the use of the VAT
 * (01 to 05) and the amounts can be changed before sending. The server signs it as a MensajeReceptor.
 */
import type { KeyboardEvent } from 'react';
import { errorText, useLanguage } from '../i18n/store.ts';
import { answerProblems, type AnswerMessage } from './answer.ts';
import { useT, type MessageKey } from './messages.ts';
import { usePurchases } from './store.ts';
import { TAX_CONDITIONS, type ReceivedDocument, type TaxCondition } from './types.ts';

const MESSAGES: readonly AnswerMessage[] = [1, 2, 3];

export function AnswerForm({ doc }: { doc: ReceivedDocument }) {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const { draft, tried, answering, answerError, setDraft, answer } = usePurchases();
  if (!draft) return null;
  const problems = tried ? answerProblems(doc, draft) : {};
  const problem = (key: keyof typeof problems) => problems[key] && <span className="problem" role="alert">{t(`purchases.problem.${problems[key]}` as MessageKey)}</span>;
  const onKey = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void answer();
    }
  };
  return (
    <form className="purchases-answer" data-testid="answer-form" onKeyDown={onKey} onSubmit={(e) => { e.preventDefault(); void answer(); }}>
      <h4>{t('purchases.answer.title')}</h4>
      <fieldset className="choices">
        <legend>{t('purchases.answer.message')}</legend>
        {MESSAGES.map((m) => (
          <label key={m} className="check">
            <input type="radio" name="answer-message" value={m} checked={draft.message === m} onChange={() => setDraft({ message: m })} data-testid={`answer-${m}`} />
            {t(`purchases.answer.${m}`)}
          </label>
        ))}
      </fieldset>
      <label>
        {draft.message === 1 ? t('purchases.answer.detailOptional') : t('purchases.answer.detail')}
        <input value={draft.detail} maxLength={160} onChange={(e) => setDraft({ detail: e.target.value })} data-testid="answer-detail" />
        {problem('detail')}
      </label>
      {draft.message !== 3 && (
        <div className="amounts">
          <label>
            {t('purchases.answer.condition')}
            <select value={draft.taxCondition} onChange={(e) => setDraft({ taxCondition: e.target.value as TaxCondition })} data-testid="answer-condition">
              {TAX_CONDITIONS.map((c) => <option key={c} value={c}>{c} · {t(`purchases.answer.condition.${c}`)}</option>)}
            </select>
          </label>
          <label>
            {t('purchases.answer.credit')} ({doc.currency})
            <input value={draft.creditableTax} inputMode="decimal" onChange={(e) => setDraft({ creditableTax: e.target.value })} data-testid="answer-credit" />
            {problem('creditableTax')}
          </label>
          <label>
            {t('purchases.answer.expense')} ({doc.currency})
            <input value={draft.applicableExpense} inputMode="decimal" onChange={(e) => setDraft({ applicableExpense: e.target.value })} data-testid="answer-expense" />
            {problem('applicableExpense')}
          </label>
        </div>
      )}
      {answerError && <p className="error" role="alert">{errorText(language, answerError)}</p>}
      <button type="submit" className={draft.message === 3 ? 'danger' : 'primary'} disabled={answering} data-testid="answer-send">
        {answering ? t('purchases.answer.sending') : t('purchases.answer.send')}
      </button>
    </form>
  );
}
