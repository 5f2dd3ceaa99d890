/** What the shipped catalog shows for the CABYS levels it does not name (src/catalogs/cabys-level-labels.ts). */
import { describe, expect, it } from 'vitest';
import { cabysCategories } from '../../../src/catalogs/cabys-levels.ts';
import { cabysLevelLabels, descriptionStart } from '../../../src/catalogs/cabys-level-labels.ts';

const CODES = [
  { code: '2391102010100', description: 'Café tostado, sin descafeinar, en grano' },
  { code: '2391102010200', description: 'Café tostado, sin descafeinar, molido' },
  { code: '2391102020000', description: 'Café tostado, descafeinado' },
  { code: '6340001000100', description: 'Café caliente, vendido en restaurantes, bares y establecimientos similares' },
  { code: '6340001000200', description: 'Té caliente, vendido en restaurantes, bares y establecimientos similares' },
  { code: '6340001000300', description: 'Chocolate caliente, vendido en restaurantes, bares y establecimientos similares' },
  { code: '6340001009900', description: 'Bebidas calientes, vendidas en restaurantes, bares y establecimientos similares, n.c.p.' },
  { code: '4121101010000', description: 'Productos laminados planos de hierro o acero, sin alear, enrollados' },
  { code: '4121301010100', description: 'Productos laminados planos de acero inoxidable, enrollados' },
];

const labels = cabysLevelLabels(CODES, cabysCategories(CODES.map((c) => c.code), new Map()));

describe('CABYS level labels', () => {
  it('takes a description\'s start: before the first comma, semicolon or parenthesis, without n.c.p.', () => {
    expect(descriptionStart('Café tostado, sin descafeinar')).toBe('Café tostado');
    expect(descriptionStart('Pastas alimenticias (fideos); secas')).toBe('Pastas alimenticias');
    expect(descriptionStart('Comidas preparadas n.c.p., no consumidas')).toBe('Comidas preparadas');
  });

  it('names a level by the start every code beneath shares', () => {
    expect(labels.get('2391102')).toBe('Café tostado');
    expect(labels.get('23911020102')).toBe('Café tostado');
  });

  it('names it by the words every start shares, when there are two or more', () => {
    expect(labels.get('4121')).toBe('Productos laminados planos …');
  });

  it('else lists what the entries beneath are about, three at most, in code order', () => {
    expect(labels.get('634000100')).toBe('Café caliente · Té caliente · Chocolate caliente …');
    // A level with a single entry beneath says what that entry says.
    expect(labels.get('6340001')).toBe('Café caliente · Té caliente · Chocolate caliente …');
    expect(labels.get('2')).toBeUndefined(); // level 1 has its names
    expect([...labels.keys()].every((code) => code.length >= 2 && code.length <= 11)).toBe(true);
  });
});
