/**
 * Head office (docs/replication.md, "Changes feed"): products and customers changed since a till's cursor,
 * products first, at most `limit` rows a page. The cursor is opaque to the till: base64url of JSON holding
 * each table's position (the last row's updated_at and id).
 *
 * Rows are stamped with `updated_at` before their transaction commits, so a row may become visible after a
 * later-stamped one was handed out. The cursor of a pull's last page therefore stops before rows younger
 * than SETTLE_MS: they are sent now and once more on the next pull (the till's upsert makes that harmless),
 * so no committed change is skipped by a pull that ends. A pull's earlier pages move past all they hand out.
 */
import { AppError } from '../../domain/errors.ts';
import type { Clock } from '../../domain/clock.ts';
import type { Store } from '../../store/database.ts';
import { productsChangedAfter, recipientsChangedAfter, type FeedPosition } from '../../store/catalog-changes.ts';
import type { ProductRow } from '../../store/products.ts';
import type { RecipientRow } from '../../store/recipients.ts';

export const SETTLE_MS = 10_000;
export const MAX_FEED_LIMIT = 1000;

interface Cursor {
  products: FeedPosition | null;
  customers: FeedPosition | null;
}

export interface ChangesPage {
  products: ProductRow[];
  customers: RecipientRow[];
  nextCursor: string;
  more: boolean;
}

// A position is compared with timestamptz on PostgreSQL: only an instant this head office could have written.
const isInstant = (text: unknown) => typeof text === 'string' && /^(19|20)\d\d-\d\d-\d\dT/.test(text) && Number.isFinite(Date.parse(text));
const isPosition = (p: unknown): p is FeedPosition | null =>
  p === null || (typeof p === 'object' && isInstant((p as FeedPosition).updatedAt) && Number.isSafeInteger((p as FeedPosition).id));

export function decodeCursor(since: string | undefined): Cursor {
  if (since === undefined || since === '') return { products: null, customers: null };
  try {
    const parsed = JSON.parse(Buffer.from(since, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (isPosition(parsed.products) && isPosition(parsed.customers)) return { products: parsed.products, customers: parsed.customers };
  } catch {
    // answered below
  }
  throw new AppError('invalid_cursor', 400, 'The cursor `since` is not one this head office gave: start again with an empty one.');
}

export const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');

/**
 * Where a table's feed stands after handing out `rows`: the last row; on the last page of a pull (`settle`),
 * the last row older than the horizon, so that the younger ones come again next pull.
 */
function advance(start: FeedPosition | null, rows: readonly { updatedAt: string; id: number }[], settle: boolean, horizon: number): FeedPosition | null {
  const kept = settle ? rows.filter((r) => Date.parse(r.updatedAt) <= horizon) : rows;
  const last = kept[kept.length - 1];
  return last ? { updatedAt: last.updatedAt, id: last.id } : start;
}

export function changesSince(deps: { store: Pick<Store, 'db'>; clock: Clock }, organizationId: number, since: string | undefined, limit: number): ChangesPage {
  const cursor = decodeCursor(since);
  const db = deps.store.db;
  // One more than asked tells whether there is more.
  const products = productsChangedAfter(db, organizationId, cursor.products, limit + 1);
  const productsFull = products.length > limit;
  const productPage = products.slice(0, limit);
  const customers = recipientsChangedAfter(db, organizationId, cursor.customers, limit - productPage.length + 1);
  const customersFull = customers.length > limit - productPage.length;
  const customerPage = customers.slice(0, limit - productPage.length);
  const horizon = deps.clock.now().getTime() - SETTLE_MS;
  // Within a pull the cursor moves past everything handed out; only its last page holds back young rows.
  const more = productsFull || customersFull;
  return {
    products: productPage,
    customers: customerPage,
    nextCursor: encodeCursor({
      products: advance(cursor.products, productPage, !more, horizon),
      customers: advance(cursor.customers, customerPage, !more, horizon),
    }),
    more,
  };
}
