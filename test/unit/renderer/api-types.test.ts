/**
 * The renderer's API types against the server's: a Webhook and a Document as the server really writes them
 * (views.ts on rows of a real, migrated store) must be assignable to what the screens read
 * (renderer/webhooks/types.ts, renderer/documents/types.ts, renderer/api/types.ts), and the renderer's
 * types must stay slices of the TypeBox schemas (renderer/api/schemas.ts). The `expectTypeOf` lines are
 * checked by `npx tsc --noEmit -p .` (a drift fails the typecheck); the runtime lines check that every member
 * the renderer names is in a real answer.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, expectTypeOf, it } from 'vitest';
import { balanceView, documentView, listItemView, submittedView } from '../../../src/api/sections/documents/views.ts';
import { webhookView } from '../../../src/api/sections/webhooks/views.ts';
import { insertWebhook } from '../../../src/store/webhooks.ts';
import type { DocumentListItemView, DocumentSubmittedView, DocumentView, WebhookView } from '../../../renderer/api/schemas.ts';
import type { DocumentDetail, DocumentListItem, DocumentSubmitted } from '../../../renderer/api/types.ts';
import type { FullDocument, ListedDocument } from '../../../renderer/documents/types.ts';
import type { Webhook } from '../../../renderer/webhooks/types.ts';
import { fixture } from '../../helpers/use-case-store.ts';

/** GET /electronic-documents/{key}: what documents/routes.ts answers. */
type ServerDocument = ReturnType<typeof documentView> & ReturnType<typeof balanceView>;
/** Members the renderer reads in narrower words than the schema's `string` (its own unions). */
type Narrowed = 'delivery_problem' | 'response_signature';

/** Every member of T, listed: a member added to T and not here fails the typecheck. */
const members = <T>() => <K extends keyof T>(...keys: [K, ...K[]] & ([Exclude<keyof T, K>] extends [never] ? unknown : never)) => keys;

describe('types: the server writes what the screens read', () => {
  it('a webhook', () => {
    expectTypeOf<ReturnType<typeof webhookView>>().toExtend<WebhookView>();
    expectTypeOf<Omit<ReturnType<typeof webhookView>, 'events'>>().toExtend<Omit<Webhook, 'events'>>();
    expectTypeOf<Omit<Webhook, 'events'>>().toEqualTypeOf<Pick<Omit<WebhookView, 'events'>, Exclude<keyof Webhook, 'events'>>>();
  });

  it('a document, its listing and its submission', () => {
    expectTypeOf<Omit<ServerDocument, 'rejections'>>().toExtend<Omit<DocumentView, 'rejections'>>();
    expectTypeOf<ServerDocument>().toExtend<DocumentDetail>();
    expectTypeOf<Omit<ServerDocument, Narrowed>>().toExtend<Omit<FullDocument, Narrowed>>();
    expectTypeOf<ReturnType<typeof listItemView>>().toExtend<DocumentListItemView>();
    expectTypeOf<ReturnType<typeof listItemView>>().toExtend<ListedDocument>();
    expectTypeOf<ListedDocument>().toExtend<DocumentListItem>();
    expectTypeOf<ReturnType<typeof submittedView>>().toExtend<DocumentSubmittedView>();
    expectTypeOf<ReturnType<typeof submittedView>>().toExtend<DocumentSubmitted>();
  });
});

describe('answers: every member the renderer names is in a real one', () => {
  const f = fixture();
  afterAll(() => f.store.close());

  it('a webhook', () => {
    const row = insertWebhook(f.store.db, { organizationId: f.organization.id, environment: 'staging' }, randomUUID(), {
      name: 'Contabilidad', url: 'https://example.com/hook', events: ['document.accepted'], isActive: true, maxRetries: 3, timeoutSeconds: 30,
    }, new Date('2026-04-01T12:00:00Z'));
    const answer: Omit<Webhook, 'events'> = webhookView(row);
    const read = members<Webhook>()('id', 'uuid', 'name', 'url', 'events', 'is_active', 'max_retries', 'timeout_seconds', 'failure_count',
      'last_triggered_at', 'disabled_at', 'disabled_reason', 'created_at', 'updated_at');
    expect(Object.keys(answer)).toEqual(expect.arrayContaining(read));
  });

  it('a document and its listing', () => {
    const row = f.document({ status: 'accepted' });
    const answer: Omit<FullDocument, Narrowed> = { ...documentView(row), ...balanceView(f.store.db, row) };
    const read = members<FullDocument>()('id', 'document_key', 'consecutive_number', 'document_type', 'document_type_name', 'status', 'hacienda_status',
      'hacienda_message', 'hacienda_response_at', 'receptor_name', 'currency', 'net_amount', 'tax_amount', 'total_amount', 'rejections', 'created_at',
      'receptor_identification', 'exchange_rate', 'signed_xml', 'response_xml', 'pdf_path', 'voided_by', 'balance', 'referenced_document_key',
      'related_documents', 'delivery_problem', 'response_signature');
    // response_xml comes once the tax authority answered: this row has none.
    expect(Object.keys(answer)).toEqual(expect.arrayContaining(read.filter((m) => m !== 'response_xml')));
    expect(typeof answer.total_amount).toBe('number');
    const listed: ListedDocument = listItemView(row);
    // `cashier` and `till` are the listing route's (attributionView, tillAttributionView: one read for the page), not the row's view.
    const listedMembers = members<ListedDocument>()('id', 'document_key', 'consecutive_number', 'document_type',
      'status', 'hacienda_status', 'receptor_name', 'currency', 'total', 'created_at', 'receptor_identification', 'voided_by', 'cashier', 'till');
    expect(Object.keys(listed)).toEqual(expect.arrayContaining(listedMembers.filter((m) => m !== 'cashier' && m !== 'till')));
  });
});
