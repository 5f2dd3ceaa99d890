/**
 * The store's SQL (SQLite's dialect: drizzle's SQLite builder and the repositories' own statements) as
 * PostgreSQL runs it: `?` and `@name` placeholders become `$1…`, outside quoted text and names. What differs
 * beyond placeholders is written per engine where the statement is (store/sql-dialect.ts).
 */
export interface PostgresSql {
  text: string;
  /** The values in `$n` order, from better-sqlite3's positional arguments or one object of named ones. */
  bind(params: unknown[]): unknown[];
}

/**
 * `serialTables`: the tables whose id PostgreSQL numbers (SQLite's rowid tables): an INSERT into one without
 * RETURNING gets `RETURNING "id"`, which is how better-sqlite3's lastInsertRowid is answered here.
 */
export function toPostgres(sql: string, serialTables: ReadonlySet<string> = new Set()): PostgresSql {
  const names: string[] = [];
  let positional = 0;
  let text = '';
  let quote: string | undefined;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (quote) {
      text += ch;
      if (ch === quote) quote = undefined;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      text += ch;
    } else if (/[Ll]/.test(ch) && /^like\b/i.test(sql.slice(i, i + 5)) && !/[A-Za-z_]/.test(sql[i - 1] ?? '')) {
      text += 'ILIKE'; // SQLite's LIKE ignores ASCII case; PostgreSQL's ILIKE is that
      i += 3;
    } else if (ch === '?') {
      text += `$${++positional}`;
    } else if (ch === '@' && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      let index = names.indexOf(name);
      if (index < 0) index = names.push(name) - 1;
      text += `$${index + 1}`;
      i += name.length;
    } else {
      text += ch;
    }
  }
  // drizzle's SQLite builder qualifies the conflict target's columns, which PostgreSQL does not accept.
  text = text.replace(/on conflict \(([^)]*)\)/gi, (_m, columns: string) => `on conflict (${columns.replace(/"[A-Za-z_]+"\./g, '')})`);
  // PostgreSQL folds unquoted names to lower case: the repositories' camelCase aliases keep their case quoted.
  text = text.replace(/\bAS\s+([A-Za-z_]\w*)/g, (m, alias: string) => (/[a-z]/.test(alias) && /[A-Z]/.test(alias) ? `AS "${alias}"` : m));
  const inserted = /^\s*insert into "?([a-z_]+)"?/i.exec(text)?.[1];
  if (inserted && serialTables.has(inserted) && !/\breturning\b/i.test(text)) text = `${text.trimEnd()} RETURNING "id"`;
  const bind = names.length > 0
    ? (params: unknown[]) => names.map((n) => (params[0] as Record<string, unknown>)[n])
    : (params: unknown[]) => (params.length === 1 && Array.isArray(params[0]) ? params[0] : params); // better-sqlite3 spreads one array
  return { text, bind };
}
