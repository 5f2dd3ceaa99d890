/**
 * The annex rule catalogue: every validation of ANEXOS Y ESTRUCTURAS v4.4, and the two places the
 * document engine runs the checks — on the request as read (before any amount is computed) and on the
 * computed document (before it is numbered). A refused request never takes a consecutive.
 */
import type { Problems } from '../request/problems.ts';
import { appliesTo, fillMessage, type AnnexRule, type CheckRule } from './rule.ts';
import type { RequestFacts, TotalsFacts } from './facts.ts';
import { FORMATS } from './formats.ts';
import { NOTES } from './notes.ts';
import { HEADER_RULES } from './header.ts';
import { PARTY_RULES } from './parties.ts';
import { SALE_RULES } from './sale.ts';
import { LINE_RULES } from './lines.ts';
import { TAX_RULES } from './taxes.ts';
import { EXONERATION_RULES } from './exonerations.ts';
import { OTHER_CHARGE_RULES } from './other-charges.ts';
import { SUMMARY_RULES } from './summary.ts';
import { REFERENCE_RULES } from './references.ts';
import { FORMULA_RULES } from './formulas.ts';
import { REMOTE_RULES } from './remote.ts';
import { MESSAGE_FORMATS, RECEIVER_MESSAGE_RULES, TAX_CONDITION_NOTE } from './receiver-message.ts';

const CHECKS = [
  ...HEADER_RULES, ...PARTY_RULES, ...SALE_RULES, ...LINE_RULES, ...TAX_RULES,
  ...EXONERATION_RULES, ...OTHER_CHARGE_RULES, ...SUMMARY_RULES, ...REFERENCE_RULES,
];

const REQUEST_CHECKS = CHECKS.filter((r): r is CheckRule<RequestFacts> => r.phase === 'request');
const TOTALS_CHECKS = CHECKS.filter((r): r is CheckRule<TotalsFacts> => r.phase === 'totals');

/** Every entry of the catalogue, for docs/annex-rules.md and the tests. */
export const ANNEX_RULES: readonly AnnexRule[] = [
  ...CHECKS, ...Object.values(FORMATS), ...Object.values(NOTES), ...FORMULA_RULES, ...REMOTE_RULES, ...Object.values(MESSAGE_FORMATS), TAX_CONDITION_NOTE, ...RECEIVER_MESSAGE_RULES,
];

/** Runs checks, each reporting where no problem is recorded yet (a field already refused is not piled on). */
export function runChecks<I>(rules: readonly CheckRule<I>[], type: RequestFacts['type'], input: I, problems: Problems): void {
  for (const rule of rules) {
    if (!appliesTo(rule, type)) continue;
    rule.check(input, (path, params) => {
      if (!problems.has(path)) problems.addText(path, fillMessage(rule.message, problems.language, params));
    });
  }
}

export function checkRequestRules(facts: RequestFacts, problems: Problems): void {
  runChecks(REQUEST_CHECKS, facts.type, facts, problems);
}

export function checkTotalsRules(facts: TotalsFacts, problems: Problems): void {
  runChecks(TOTALS_CHECKS, facts.type, facts, problems);
}

