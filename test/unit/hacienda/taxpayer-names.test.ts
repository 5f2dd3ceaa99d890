/** Splitting the register's names (surnames first) and folding names for search. */
import { describe, expect, it } from 'vitest';
import { looksLikeLegalEntity, searchableName, splitPersonName } from '../../../src/hacienda/taxpayer-names.ts';

describe('splitPersonName', () => {
  it('reads two surnames, then the first name, then the others', () => {
    expect(splitPersonName('PEREZ MORA JUAN CARLOS')).toEqual({ firstSurname: 'PEREZ', secondSurname: 'MORA', firstName: 'JUAN', otherNames: 'CARLOS' });
    expect(splitPersonName('SOTO VARGAS ANA')).toEqual({ firstSurname: 'SOTO', secondSurname: 'VARGAS', firstName: 'ANA', otherNames: null });
    expect(splitPersonName('  ROJAS   ARIAS  LUIS ALBERTO  ANDRES ')).toEqual({ firstSurname: 'ROJAS', secondSurname: 'ARIAS', firstName: 'LUIS', otherNames: 'ALBERTO ANDRES' });
  });

  it('keeps compound surnames and names together by their particles', () => {
    expect(splitPersonName('DE LA O RODRIGUEZ MARIA DE LOS ANGELES')).toEqual({ firstSurname: 'DE LA O', secondSurname: 'RODRIGUEZ', firstName: 'MARIA', otherNames: 'DE LOS ANGELES' });
    expect(splitPersonName('DEL VALLE SAN ROMAN PEDRO')).toEqual({ firstSurname: 'DEL VALLE', secondSurname: 'SAN ROMAN', firstName: 'PEDRO', otherNames: null });
    expect(splitPersonName('CASTRO DE')).toEqual({ firstSurname: null, secondSurname: null, firstName: 'CASTRO DE', otherNames: null });
  });

  it('takes one surname and a name from two words, and a lone word as a name', () => {
    expect(splitPersonName('SMITH JOHN')).toEqual({ firstSurname: 'SMITH', secondSurname: null, firstName: 'JOHN', otherNames: null });
    expect(splitPersonName('MADONNA')).toEqual({ firstSurname: null, secondSurname: null, firstName: 'MADONNA', otherNames: null });
    expect(splitPersonName('   ')).toEqual({ firstSurname: null, secondSurname: null, firstName: null, otherNames: null });
  });
});

describe('searchableName', () => {
  it('capitalises, drops accents but keeps Ñ, and collapses spaces', () => {
    expect(searchableName('  José   Peña Jiménez ')).toBe('JOSE PEÑA JIMENEZ');
    expect(searchableName('Müller Ñandú')).toBe('MULLER ÑANDU');
    expect(searchableName('PEN\u0303A')).toBe('PEÑA');
  });
});

describe('looksLikeLegalEntity', () => {
  it('recognises legal forms and bodies, not persons', () => {
    for (const name of ['DISTRIBUIDORA EL SOL S.A.', 'Tres Hermanos SRL', 'ASOCIACIÓN SOLIDARISTA', 'EMBAJADA DE EJEMPLO', 'CONSTRUCTORA X LIMITADA', 'Inversiones S A']) {
      expect(looksLikeLegalEntity(name), name).toBe(true);
    }
    for (const name of ['PEREZ MORA JUAN', 'SALAS ISABEL', 'SANCHEZ SAENZ ANA']) expect(looksLikeLegalEntity(name), name).toBe(false);
  });
});
