/**
 * What is wrong with the request itself — its body, its uploads, its query (api/plugins/errors.ts,
 * api/multipart-file.ts, api/sections/archive/upload.ts, api/sections/exchange-rates/query.ts, api/sections/catalogs/params.ts,
 * api/sections/hacienda/taxpayer-search.ts): the server-messages catalogue's group for requests. Parameter names (`from`,
 * `q`…) stay as written: they are the API's words. docs/languages.md
 */
import type { Bilingual } from './fill.ts';

export const REQUEST_MESSAGES = {
  // The body and the route (api/plugins/error-mapping.ts)
  no_route: ['No existe la ruta {method} {path}.', 'No route {method} {path}.'],
  invalid_json: ['El cuerpo de la solicitud no es JSON válido.', 'The request body is not valid JSON.'],
  body_too_large: ['El cuerpo de la solicitud es demasiado grande.', 'The request body is too large.'],
  send_json: ['Envíe el cuerpo como application/json.', 'Send the body as application/json.'],
  content_length: ['El Content-Length no coincide con el cuerpo.', 'The Content-Length does not match the body.'],
  data_preparing: ['Los datos se están preparando (por ejemplo, los catálogos de referencia al primer arranque); intente de nuevo en un momento.', 'The data is being prepared (e.g. the reference catalogs at first start); retry in a moment.'],
  internal_error: ['Ocurrió un error inesperado; quedó registrado.', 'An unexpected error occurred; it has been logged.'],
  invalid_request: ['Solicitud no válida.', 'Invalid request.'],

  // Files sent as the body or in a form (api/multipart-file.ts, api/sections/archive/upload.ts, api/sections/backups/routes.ts)
  multipart_boundary: ['Un cuerpo multipart/form-data necesita un boundary en su Content-Type.', 'A multipart/form-data body needs a boundary in its Content-Type.'],
  multipart_no_file: ['El formulario no trae ningún archivo: envíe el ZIP como campo de archivo (por ejemplo curl -F file=@archivo.zip).', 'The form carries no file: send the ZIP as a file field (e.g. curl -F file=@archivo.zip).'],
  zip_upload_too_large: ['El archivo subido pasa de {size} MiB; impórtelo por partes o con `facturador archive import`.', 'The upload is larger than {size} MiB; import it in parts or with `facturador archive import`.'],
  zip_upload_type: ['Envíe el archivo ZIP como cuerpo de la solicitud, con Content-Type: application/zip, o como campo de archivo de un formulario multipart/form-data.', 'Send the ZIP file itself as the request body, with Content-Type: application/zip, or as the file field of a multipart/form-data form.'],
  backup_upload_too_large: ['El archivo pasa de {size} GiB; restáurelo con `facturador restore`.', 'The file is larger than {size} GiB; restore it with `facturador restore`.'],
  backup_upload_type: ['Envíe el archivo de respaldo como cuerpo de la solicitud, con Content-Type: application/vnd.sqlite3.', 'Send the backup file itself as the request body, with Content-Type: application/vnd.sqlite3.'],

  // Exchange rates (api/sections/exchange-rates/query.ts)
  currency_missing: ['Indique {field}, un código de moneda ISO 4217 como USD, EUR o CRC.', 'Give {field}, an ISO 4217 currency code such as USD, EUR or CRC.'],
  currency_invalid: ['{field} debe ser un código de moneda ISO 4217 como USD, EUR o CRC; llegó "{value}".', '{field} must be an ISO 4217 currency code such as USD, EUR or CRC; got "{value}".'],
  rate_date_invalid: ['{field} debe ser una fecha escrita AAAA-MM-DD; llegó "{value}".', '{field} must be a calendar date written YYYY-MM-DD; got "{value}".'],
  rate_date_future: ['{field} {date} está en el futuro: el último tipo de cambio es el de hoy ({today}, Costa Rica).', "{field} {date} is in the future: the last rate is today's ({today}, Costa Rica)."],
  rate_date_or_range: ['Indique date, o bien from y to; no ambos.', 'Give either date, or from and to; not both.'],
  rate_date_missing: ['Indique date (AAAA-MM-DD), o from y to para un rango.', 'Give date (YYYY-MM-DD), or from and to for a range.'],
  rate_range_end: ['Indique también {end}: un rango necesita sus dos extremos.', 'Give {end} too: a range needs both ends.'],
  rate_range_backwards: ['from {from} es posterior a to {to}.', 'from {from} is after to {to}.'],
  rate_range_long: ['Un rango abarca como máximo {max} días; de {from} a {to} son {days}.', 'A range covers at most {max} days; {from} to {to} is {days}.'],

  // Listings and reference look-ups (api/sections/documents/routes.ts, file-routes.ts, api/sections/catalogs/params.ts and its routes)
  page_or_cursor: ['Indique page o cursor, no ambos.', 'Give either page or cursor, not both.'],
  export_dates_missing: ['Una exportación necesita `from` y `to` (AAAA-MM-DD).', 'An export needs `from` and `to` (YYYY-MM-DD).'],
  export_dates_backwards: ['`from` ({from}) es posterior a `to` ({to}).', '`from` ({from}) is after `to` ({to}).'],
  search_words_missing: ['Indique en el parámetro q las palabras o el código que busca.', 'Give the words or the code to search for in the query parameter q.'],
  too_many_codes: ['Como máximo {max} códigos por solicitud; se enviaron {count}.', 'At most {max} codes per request; {count} were sent.'],
  cabys_level: ['level debe estar por debajo del nivel del padre ({level}).', "level must be below the parent's level ({level})."],
  cabys_not_found: ['No existe el código ni la categoría CABYS {code}.', 'No CABYS code or category {code}.'],
  province_not_found: ['No existe la provincia {code} (de 1 a 7).', 'No province {code} (1 to 7).'],
  canton_not_found: ['No existe el cantón {canton} en la provincia {province}.', 'No canton {canton} in province {province}.'],
  district_not_found: ['No existe el distrito {district} en el cantón {canton} de la provincia {province}.', 'No district {district} in canton {canton} of province {province}.'],

  // Taxpayer look-ups (api/sections/hacienda/taxpayer-search.ts, hacienda/taxpayer-query.ts)
  taxpayer_query_missing: ['Indique un número de identificación o parte de un nombre.', 'Give an identification number or part of a name.'],
  taxpayer_query_one: ['Indique solo uno de {fields}.', 'Give only one of {fields}.'],
  taxpayer_query_long: ['Como máximo {max} caracteres.', 'At most {max} characters.'],
  taxpayer_identification_length: ['Una identificación tiene 9 dígitos (física), 10 (jurídica o NITE) u 11 a 12 (DIMEX).', 'An identification has 9 digits (física), 10 (jurídica or NITE) or 11 to 12 (DIMEX).'],
  taxpayer_name_short: ['Una búsqueda por nombre necesita al menos {min} caracteres.', 'A name search needs at least {min} characters.'],
  taxpayer_name_in_q: ['Debe ser un número de identificación; los nombres se buscan con q.', 'Must be an identification number; search names with q.'],
  taxpayer_unreachable: ['No se puede consultar el registro de contribuyentes de Hacienda ({detail}) y {id} no está guardado localmente.', "The tax authority's taxpayer register cannot be reached ({detail}) and {id} is not in the local cache."],
  taxpayer_stale: ['Respondido con la copia local del {date}: no se puede contactar a Hacienda ({detail}).', 'Answered from the local cache of {date}: the tax authority cannot be reached ({detail}).'],
} as const satisfies Record<string, Bilingual>;
