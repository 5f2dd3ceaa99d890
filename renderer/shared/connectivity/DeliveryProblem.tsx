/**
 * Why a queued document waits, in the shopkeeper's words (the server's `delivery_problem`), with the
 * tax authority's raw reason below it for whoever supports the shop. Used by the Documents screen's detail.
 */
import { useT } from '../messages.ts';

export type DeliveryProblemCode = 'credentials_rejected' | 'credentials_missing' | 'unreachable';

export function DeliveryProblem({ problem, detail }: { problem: DeliveryProblemCode; detail: string | null }) {
  const t = useT();
  const credentials = problem !== 'unreachable';
  return (
    <>
      <p className={`message${credentials ? ' error' : ''}`} data-testid="hacienda-message" data-problem={problem}>
        {t(`delivery.${problem}`)}
        {credentials && <> <a href="#certificate">{t('banner.toCertificate')}</a></>}
      </p>
      {detail && <p className="muted" data-testid="delivery-detail">{t('delivery.detail', { detail })}</p>}
    </>
  );
}
