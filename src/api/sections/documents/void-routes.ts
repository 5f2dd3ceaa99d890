/**
 * POST /documents/{key}/void (spec VoidRequest / VoidSubmitted): a credit note that references and annuls
 * the accepted original (reference code 01) for what remains of its balance, numbered on the original's
 * branch and terminal unless given. The rules and the write are the use case's
 * (src/organizations/void-document.ts); this route reads the request and issues the note with the caller's
 * key. A repeat gives 409 `already_voided`; `document.voided` follows when the tax authority accepts the
 * credit note. docs/documents-api.md, "Voids". The note is printed as any document issued (its till's printer
 * with `print_on_issue`, after the answer): a cash refund needs its receipt and the drawer.
 */
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { RoutePlugin } from '../route-plugin.ts';
import { requireOrganization } from '../../route-config.ts';
import { ok } from '../../envelope.ts';
import { issuedView } from './views.ts';
import { languageOf } from '../../request-language.ts';
import { documentVoider } from '../../../organizations/void-document.ts';
import { issueForKey, type IssueDependencies } from './issue-for-key.ts';
import { printWhenAnswered } from './print-after-response.ts';
import type { PrintService } from '../../../printing/print-service.ts';
import { OriginalKeyParams, VoidBody, VoidReply } from './schemas.ts';

/** What voiding uses: issuing (issue-for-key.ts), which holds the store and the clock the use case reads, and the automatic receipt. */
export type VoidDependencies = IssueDependencies & { printing: Pick<PrintService, 'afterIssue'> };

export const voidRoutes: RoutePlugin<VoidDependencies> = (deps) => async (plain) => {
  const app = plain.withTypeProvider<TypeBoxTypeProvider>();
  /** One per server: it knows the originals being voided right now. */
  const voidDocument = documentVoider(deps);

  app.post('/documents/:key/void', {
    config: { key: 'organization', abilities: ['invoices:void'] },
    schema: { tags: ['documents'], summary: 'Void an accepted document with a credit note', params: OriginalKeyParams, body: Type.Optional(VoidBody), response: { 201: VoidReply } },
  }, async (request, reply) => {
    const auth = requireOrganization(request);
    const { reason, branch, terminal } = request.body ?? {};
    const { original, issued } = await voidDocument({
      organizationId: auth.organization.id,
      environment: auth.environment,
      accountId: auth.account.id,
      key: request.params.key,
      reason,
      branch,
      terminal,
      language: languageOf(request),
    }, (note) => issueForKey(deps, auth, note, request.idempotency));
    printWhenAnswered(deps.printing, reply, auth, issued, undefined);
    return reply.code(201).send(ok({ ...issuedView(issued, auth.environment, auth.organization.uuid), voids: original.clave }, 'Credit note signed and queued; the original is voided once it is accepted.'));
  });
};
