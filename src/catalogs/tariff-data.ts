/**
 * The Harmonized System 2022 (World Customs Organization nomenclature, data from UN Comtrade, ODC-PDDL),
 * shipped as resources/catalogs/hs2022.tsv.gz: 21 sections, 97 chapters (2 digits), 1,229 headings
 * (4 digits), 5,613 subheadings (6 digits). Costa Rica's tariff (SAC) extends a subheading with 6 national
 * digits to the 12 of PartidaArancelaria; no public copy of those national digits could be shipped, so a
 * 12-digit code is never answered as known; its subheading is named instead (docs/catalogs.md).
 */
import { resourceRows } from './resources.ts';

export const TARIFF_CODE_DIGITS = 12;

export interface TariffSection {
  code: string; // roman numeral
  name: string;
}

export interface TariffRecord {
  code: string;
  /** Digits: 2 chapter, 4 heading, 6 subheading. */
  level: number;
  parentCode: string | null;
  description: string;
  /** Section of a chapter (roman numeral); null below chapters and for chapter 99. */
  section: string | null;
}

export function shippedTariffs(): { sections: TariffSection[]; codes: TariffRecord[] } {
  const sections: TariffSection[] = [];
  const codes: TariffRecord[] = [];
  for (const [code = '', text = '', section] of resourceRows('tariffs')) {
    if (!/^\d+$/.test(code)) {
      sections.push({ code, name: text });
      continue;
    }
    codes.push({ code, level: code.length, parentCode: code.length > 2 ? code.slice(0, -2) : null, description: text, section: section ?? null });
  }
  return { sections, codes };
}
