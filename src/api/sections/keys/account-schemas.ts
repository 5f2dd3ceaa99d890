/**
 * The account's request and answers (spec Account, Usage, PriceList): the archive toggle's body; GET
 * /plans, GET /account (and the archive toggle, which answers the account), GET /account/usage — as
 * views.ts accountView, billing/usage.ts and billing/price-list.ts write them.
 */
import { Type } from 'typebox';
import { Envelope, NullableText, Open } from '../../schema-types.ts';

export const ArchiveToggle = Type.Object({ enabled: Type.Boolean({ description: 'true keeps documents five years in the fiscal archive' }) });

const Plan = Type.Object({
  code: Type.String(),
  name: Type.String(),
  included_docs: Type.Integer(),
  max_organizations: Type.Integer({ description: '0 means unlimited' }),
  monthly_price_cents: Type.Integer({ description: 'USD cents, without VAT' }),
  yearly_price_cents: Type.Integer({ description: 'USD cents, without VAT' }),
  active_org_cents: Type.Integer({ description: 'per active organization per period' }),
  live_allowed: Type.Boolean(),
  archive_included: Type.Boolean(),
}, Open);

const Pack = Type.Object({ code: Type.String(), docs: Type.Integer(), price_cents: Type.Integer() }, Open);

export const PriceListReply = Envelope(Type.Object({
  currency: Type.String({ description: '`USD`' }),
  iva_rate: Type.Number(),
  plans: Type.Array(Plan),
  packs: Type.Array(Pack),
}, Open));

export const AccountReply = Envelope(Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  billing_email: NullableText(),
  plan: Type.String(),
  status: Type.String({ description: '`sandbox` (no paid plan, test keys only), `active`, `past_due` or `canceled`' }),
  archive_enabled: Type.Boolean({ description: 'beyond the spec: the five-year fiscal archive is on' }),
  created_at: Type.String({ format: 'date-time' }),
}, Open));

export const UsageReply = Envelope(Type.Object({
  plan: Type.String(),
  status: Type.String(),
  period_start: Type.String(),
  period_end: Type.String({ description: 'exclusive: the first instant of the next period' }),
  included_docs: Type.Number(),
  used: Type.Number({ description: '1 per document, 0.5 per receiver message' }),
  remaining: Type.Number({ description: 'plan plus packs, never below 0' }),
  pack_remaining: Type.Number(),
  in_flight: Type.Integer({ description: 'production documents awaiting a verdict' }),
  active_organizations: Type.Integer({ description: 'organizations with a production document in the period' }),
}, Open));
