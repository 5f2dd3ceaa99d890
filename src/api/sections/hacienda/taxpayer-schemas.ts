/**
 * Schemas of GET /hacienda/taxpayers: its query, and its answer (spec TaxpayerSearchResult of Taxpayer)
 * so that the OpenAPI shows it and the view is typed by it. Members beyond the spec's (`regimen`,
 * `situacion`, `actividades`, `fetched_at`) are documented in docs/taxpayers.md.
 */
import { Type, type Static } from 'typebox';
import { Envelope, Nullable } from '../../schema-types.ts';
import { MAX_QUERY_LENGTH } from '../../../hacienda/taxpayer-query.ts';

const QueryText = (description: string) => Type.Optional(Type.String({ maxLength: MAX_QUERY_LENGTH, description }));

export const TaxpayerSearchQuery = Type.Object({
  q: QueryText('an identification number (dashes, dots and spaces ignored) or part of a name (searched in the local cache)'),
  cedula: QueryText('an identification number; same as q, but never read as a name'),
  identificacion: QueryText('alias of cedula'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20, description: 'most taxpayers a name search returns (default 20)' })),
});

const text = Nullable({ type: 'string' });

export const Taxpayer = Type.Object({
  cedula: Type.String({ description: 'identification number, digits (and capitals) only' }),
  id_raw: Type.String({ description: 'the identification as written in the request; for name searches the same as cedula' }),
  class: Type.String({ description: "the tax authority's identification type: 01 física, 02 jurídica, 03 DIMEX, 04 NITE" }),
  tipo: Type.Enum(['F', 'J'], { description: 'F natural person, J legal entity' }),
  tipo_texto: Type.String({ description: 'Persona física or Persona jurídica' }),
  nombre: Type.String({ description: 'the name as the register writes it (persons: surnames first)' }),
  primer_nombre: text,
  segundo_nombre: Nullable({ type: 'string', description: 'every given name after the first' }),
  primer_apellido: text,
  segundo_apellido: text,
  apellidos: Nullable({ type: 'string', description: 'both surnames; names are split best-effort' }),
  razon_social: Nullable({ type: 'string', description: 'legal entities: the name' }),
  regimen: Type.Union([Type.Object({ codigo: Type.String(), descripcion: Type.String() }), Type.Null()]),
  situacion: Type.Union([Type.Object({ moroso: Type.String(), omiso: Type.String(), estado: Type.String(), administracion_tributaria: Type.String() }), Type.Null()]),
  actividades: Type.Array(Type.Object({ estado: Type.String(), tipo: Type.String(), codigo: Type.String(), descripcion: Type.String() })),
  fetched_at: Type.String({ format: 'date-time', description: 'when the tax authority gave this answer' }),
});

export type TaxpayerView = Static<typeof Taxpayer>;

const Taxpayers = Type.Array(Taxpayer);

export const TaxpayerSearchResult = Type.Object({
  cedulas_fisicas: Type.Optional(Taxpayers),
  cedulas_juridicas: Type.Optional(Taxpayers),
  taxpayers: Type.Optional(Taxpayers),
  query: Type.Optional(Type.String({ description: 'the query, only when nothing was found' })),
}, { description: 'exactly one of cedulas_fisicas, cedulas_juridicas, taxpayers' });

export type TaxpayerSearchResultView = Static<typeof TaxpayerSearchResult>;

export const TaxpayerSearchReply = Envelope(TaxpayerSearchResult, {}, {
  description: 'TaxpayerSearchResult. Header X-Cache on identification look-ups: miss (asked the tax authority now), '
    + 'hit (a cached answer under 24 h old) or stale (an older cached answer: the tax authority cannot be reached)',
});
