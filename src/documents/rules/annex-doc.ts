/**
 * Renders docs/annex-rules.md from the catalogue: for every validation of the annex, where it is enforced
 * or why it cannot be checked here. `npm run rules:doc` writes the file; a test fails while it is stale.
 */
import type { DocumentTypeCode } from '../../domain/document-model.ts';
import { ALL_TYPES, type AnnexRule, type Section } from './rule.ts';

const TYPE_NAMES: Readonly<Record<DocumentTypeCode, string>> = { '01': 'FE', '02': 'ND', '03': 'NC', '04': 'TE', '08': 'FEC', '09': 'FEE', '10': 'REP' };

const SECTIONS: Readonly<Record<Section, string>> = {
  header: 'Encabezado (header)',
  parties: 'Emisor y Receptor (parties)',
  sale: 'Condiciones de la venta y moneda (sale)',
  lines: 'Líneas de detalle y descuentos (lines)',
  taxes: 'Impuestos (taxes)',
  exonerations: 'Exoneraciones (exonerations)',
  combos: 'Surtidos, combos y paquetes (combos)',
  'other-charges': 'Otros cargos (other charges)',
  summary: 'Resumen del comprobante (summary)',
  references: 'Información de referencia (references)',
  others: 'Otros (others)',
  'receiver-message': 'Mensaje receptor (receiver message)',
};

function types(rule: AnnexRule): string {
  return rule.types.length === ALL_TYPES.length ? 'all' : rule.types.map((t) => TYPE_NAMES[t]).join(', ');
}

function enforcement(rule: AnnexRule): string {
  switch (rule.kind) {
    case 'check':
      return rule.phase === 'request' ? 'refused: catalogue, on the request' : 'refused: catalogue, on the computed document';
    case 'format':
      return 'refused: request reader';
    case 'formula':
      return `computed: \`src/${rule.where}\``;
    case 'remote':
      return `not checkable here: ${rule.reason}`;
  }
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function row(rule: AnnexRule): string {
  const paths = 'paths' in rule ? rule.paths.map((p) => `\`${p}\``).join(', ') : '';
  return `| \`${rule.id}\` | ${cell(rule.element)} | ${types(rule)} | ${rule.page} | ${cell(rule.quote)} | ${cell(enforcement(rule))} | ${paths} |`;
}

function counts(rules: readonly AnnexRule[]): string {
  const of = (kind: AnnexRule['kind']) => rules.filter((r) => r.kind === kind).length;
  return `${rules.length} validations: ${of('check')} checked by the catalogue, ${of('format')} field formats applied by the request reader, ${of('formula')} formulas the engine computes, ${of('remote')} that only the tax authority can check.`;
}

export function renderAnnexRules(rules: readonly AnnexRule[]): string {
  const out = [
    '# Annex rules: where each validation of ANEXOS Y ESTRUCTURAS v4.4 is enforced',
    '',
    'Generated from the rule catalogue (`src/documents/rules/`) by `npm run rules:doc`; do not edit by hand —',
    '`test/unit/documents/annex-rules-doc.test.ts` fails while this file is stale. Pages and quotes are those of',
    '`ANEXOS_Y_ESTRUCTURAS_V4.4` (November 2024, 98 pages).',
    '',
    counts(rules),
    '',
    'Every rule runs before the document is numbered, so a refused request never takes a consecutive. A refusal is',
    'a `validation_error` naming the request path (`items.0.price`; `N` stands for a list index) with the message',
    'in Spanish, or English with `api_config.language: "en"`. "Refused: catalogue, on the computed document" rules',
    'run once the amounts are computed, after the request itself passed. "Not checkable here" lists what only the',
    'tax authority can verify: its registers, the authorisations it grants, the documents it received, and its',
    'warnings (which never reject). Decisions where the annex leaves room are in `docs/document-request.md`.',
    '',
  ];
  for (const [section, title] of Object.entries(SECTIONS)) {
    const mine = rules.filter((r) => r.section === section).sort((a, b) => a.page - b.page || a.id.localeCompare(b.id));
    if (mine.length === 0) continue;
    out.push(`## ${title}`, '', '| Rule | Element | Types | Page | The annex says | Enforced | Request paths |', '|---|---|---|---|---|---|---|');
    out.push(...mine.map(row), '');
  }
  return out.join('\n');
}
