/** Why a number typed in a counter box was refused (decimal.ts readTyped), in the shopkeeper's words, next to the box. */
import { useT } from './messages.ts';
import type { TypedProblem } from './decimal.ts';

export function NumberProblem({ problem, typed, testId = 'number-problem' }: { problem: TypedProblem; typed: string; testId?: string }) {
  const t = useT();
  return <span className="error" role="alert" data-testid={testId}>{t(`counter.number.${problem}`, { typed })}</span>;
}
