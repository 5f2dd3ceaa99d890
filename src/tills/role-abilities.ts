/**
 * What a cashier's role lets a browser session do (docs/tills.md, "Who is who"). The session's internal key
 * holds every organization ability; the role of the cashier signed in narrows them, by the route's declared
 * abilities and, for issuing, by the document type and the discounts of the request. Anything not named
 * for the cashier or the supervisor is the owner's. A refusal names the action and the role it needs; the
 * actions a supervisor may approve for one request carry `approval`.
 */
import type { CashierRole, SessionCashier } from '../domain/cashier.ts';
import type { ApprovalAction } from './approvals.ts';
import { discountOverLimit } from './discount-rule.ts';

const RANK: Record<CashierRole, number> = { cashier: 0, supervisor: 1, owner: 2 };

/** The counter: reading what a sale needs, issuing (01 and 04, checked by type below), its own shift, printing. */
const CASHIER_ABILITIES = new Set([
  'invoices:read', 'credit-notes:read', 'debit-notes:read', 'tickets:read',
  'invoices:write', 'invoices:sign', 'tickets:write', 'tickets:sign',
  'recipients:read', 'recipients:write', 'products:read', 'reference:read', 'hacienda:query', 'hacienda:validate',
  'settings:read', 'shifts:read', 'shifts:write', 'printers:read',
]);

/**
 * `settings:read` serves the counter on these reads only: the shop's profile (the receipt's issuer, its
 * address), the certificate's status (the screens' setup gate and expiry bar: no secret in it), the branding
 * and the till settings. The mailbox, SMTP, received-documents and consecutive settings are the owner's.
 */
const COUNTER_SETTINGS = new Set([
  'GET /organizations/me', 'GET /company', 'GET /organizations/me/certificate', 'GET /company/certificate',
  'GET /organizations/me/branding', 'GET /organizations/me/branding/logo', 'GET /settings/till',
]);

/** The supervisor's beyond the cashier's, and the approvable action each stands for. */
const SUPERVISOR_ABILITIES: ReadonlyMap<string, ApprovalAction | undefined> = new Map<string, ApprovalAction | undefined>([
  ['invoices:void', 'void'],
  ['credit-notes:write', 'credit_note'], ['credit-notes:sign', 'credit_note'],
  ['debit-notes:write', 'debit_note'], ['debit-notes:sign', 'debit_note'],
  ['printers:manage', undefined], ['cashiers:read', undefined],
]);

export const ISSUE_ROUTE = '/electronic-documents';
/** Issuing abilities serve the counter on the issuing route only; elsewhere (suppliers' documents, receiver messages) they are back office. */
const ISSUING_ABILITIES = new Set(['invoices:write', 'invoices:sign', 'tickets:write', 'tickets:sign']);
export const DAILY_REPORT_ROUTE = '/shifts/daily-report';
/** The day's Z report covers every cashier's shifts. */
const SUPERVISOR_ROUTES: ReadonlyMap<string, ApprovalAction> = new Map([[`GET ${DAILY_REPORT_ROUTE}`, 'other_shift']]);

export type RoleAction = ApprovalAction | 'document_type' | 'manage';

/** What a request needs of the role: nothing, or an action, the least role that may, and whether a supervisor may approve it. */
export type RoleDecision = { allowed: true } | { allowed: false; action: RoleAction; role: CashierRole; approval?: ApprovalAction };

export interface RoleRequest {
  method: string;
  /** The route's pattern under /api/v1, e.g. `/documents/:key/void`. */
  url: string;
  abilities: readonly string[];
  /** Account routes (keys, organizations, backups, the account): the owner's only, reading too. */
  account?: boolean;
  body?: unknown;
}

const ALLOWED: RoleDecision = { allowed: true };
const atLeast = (role: CashierRole, needed: CashierRole) => RANK[role] >= RANK[needed];

function refuse(action: RoleAction, role: CashierRole, approval?: ApprovalAction): RoleDecision {
  return { allowed: false, action, role, ...(approval ? { approval } : {}) };
}

/** The type a request body asks for, as the issuing route reads it (documents/routes.ts). */
function requestedType(body: unknown): string {
  const doc = (body as { document?: { document_type?: unknown; type?: unknown } } | null)?.document;
  const type = doc?.document_type ?? doc?.type;
  return typeof type === 'string' || typeof type === 'number' ? String(type).padStart(2, '0') : '01';
}

function issuingDecision(role: CashierRole, body: unknown, discountLimitPercent: string): RoleDecision {
  const type = requestedType(body);
  if (type === '03') return atLeast(role, 'supervisor') ? ALLOWED : refuse('credit_note', 'supervisor', 'credit_note');
  if (type === '02') return atLeast(role, 'supervisor') ? ALLOWED : refuse('debit_note', 'supervisor', 'debit_note');
  if (type !== '01' && type !== '04') return atLeast(role, 'owner') ? ALLOWED : refuse('document_type', 'owner');
  if (role === 'cashier' && discountOverLimit(body, discountLimitPercent)) return refuse('discount', 'supervisor', 'discount');
  return ALLOWED;
}

/** Whether `ability` is the counter's on this route (the issuing and settings abilities are on some routes only). */
function counterAbility(ability: string, request: RoleRequest): boolean {
  if (!CASHIER_ABILITIES.has(ability)) return false;
  if (ISSUING_ABILITIES.has(ability)) return request.url === ISSUE_ROUTE;
  if (ability === 'settings:read') return COUNTER_SETTINGS.has(`${request.method} ${request.url}`);
  return true;
}

function abilityDecision(role: CashierRole, request: RoleRequest): RoleDecision {
  for (const ability of request.abilities) {
    if (counterAbility(ability, request)) continue;
    if (SUPERVISOR_ABILITIES.has(ability)) {
      const approval = SUPERVISOR_ABILITIES.get(ability);
      if (!atLeast(role, 'supervisor')) return refuse(approval ?? 'manage', 'supervisor', approval);
      continue;
    }
    if (!atLeast(role, 'owner')) return refuse('manage', 'owner');
  }
  return ALLOWED;
}

/** Whether `role` may make `request`, given the organization's discount limit for cashiers. */
export function roleDecision(role: CashierRole, request: RoleRequest, discountLimitPercent: string): RoleDecision {
  if (role === 'owner') return ALLOWED;
  // Backups (the whole database), API keys and the account: not even read by a cashier or a supervisor.
  if (request.account) return refuse('manage', 'owner');
  const special = SUPERVISOR_ROUTES.get(`${request.method} ${request.url}`);
  if (special && !atLeast(role, 'supervisor')) return refuse(special, 'supervisor', special);
  const byAbility = abilityDecision(role, request);
  if (!byAbility.allowed) return byAbility;
  if (request.method === 'POST' && request.url === ISSUE_ROUTE) return issuingDecision(role, request.body, discountLimitPercent);
  return ALLOWED;
}

/** Routes of one shift (`/shifts/:id/...`): a cashier acts on its own only, or with an `other_shift` approval. */
export const isShiftRoute = (url: string) => url.startsWith('/shifts/:');

/**
 * Whether the request's cashier may act on `shift` (open, move cash, close, report): its own, or any for a
 * supervisor, the owner, a supervisor's approval, and requests without a cashier (API keys, a shop without
 * cashiers).
 */
export function mayActOnShift(auth: { cashier?: SessionCashier; approvedBy?: SessionCashier }, shift: { openedBy: number | null }): boolean {
  if (!auth.cashier || atLeast(auth.cashier.role, 'supervisor')) return true;
  if (auth.approvedBy && atLeast(auth.approvedBy.role, 'supervisor')) return true;
  return shift.openedBy === auth.cashier.id;
}
