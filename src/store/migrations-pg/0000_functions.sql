-- The store's own SQL functions on PostgreSQL (SQLite has them as application-defined functions).

-- Ids for rows inserted without one: drizzle's SQLite dialect writes NULL where SQLite picks the next rowid.
CREATE FUNCTION facturador_next_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.id := nextval(TG_ARGV[0]);
  RETURN NEW;
END $$;

-- Products' search folds case and Spanish accents (src/domain/text-fold.ts does the same in JavaScript).
CREATE FUNCTION facturador_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(value), 'áéíóúüñàèìòùâêîôûäëïöç', 'aeiouunaeiouaeiouaeioc')
$$;

-- SQLite's json_extract(text, '$.a.b') for the JSON the store keeps as text: the value at the path, as text.
CREATE FUNCTION json_extract(doc text, path text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT doc::jsonb #>> string_to_array(substr(path, 3), '.')
$$;

-- SQLite's json_each(text) over the JSON arrays the store keeps as text: one row per element, `value` as SQLite
-- gives it (a string element unquoted, anything else as JSON text).
CREATE FUNCTION json_each(doc text) RETURNS TABLE (value text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN jsonb_typeof(e) = 'string' THEN e #>> '{}' ELSE e::text END FROM jsonb_array_elements(doc::jsonb) e
$$;
