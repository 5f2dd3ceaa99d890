/** What each cashier role may do (docs/tills.md, "Who is who"): the table of src/tills/role-abilities.ts. */
import { describe, expect, it } from 'vitest';
import { mayActOnShift, roleDecision, type RoleRequest } from '../../../src/tills/role-abilities.ts';

const issue = (type: string, items: unknown[] = [{ quantity: '2', price: '1000' }]): RoleRequest => ({
  method: 'POST', url: '/electronic-documents', abilities: [], body: { document: { document_type: type }, items },
});
const route = (method: string, url: string, ...abilities: string[]): RoleRequest => ({ method, url, abilities });

describe('roleDecision', () => {
  it('lets a cashier sell: tickets and invoices, reading, its shifts, printing', () => {
    for (const request of [issue('04'), issue('01'), issue('1'), route('GET', '/products', 'products:read'), route('POST', '/shifts', 'shifts:write'),
      route('GET', '/printers', 'printers:read'), route('POST', '/recipients', 'recipients:write'), route('GET', '/documents')]) {
      expect(roleDecision('cashier', request, '10'), JSON.stringify(request)).toEqual({ allowed: true });
    }
  });

  it('sends notes, voids and discounts over the limit to a supervisor, approvable', () => {
    expect(roleDecision('cashier', issue('03'), '10')).toEqual({ allowed: false, action: 'credit_note', role: 'supervisor', approval: 'credit_note' });
    expect(roleDecision('cashier', issue('02'), '10')).toEqual({ allowed: false, action: 'debit_note', role: 'supervisor', approval: 'debit_note' });
    expect(roleDecision('cashier', route('POST', '/documents/:key/void', 'invoices:void'), '10')).toMatchObject({ action: 'void', approval: 'void' });
    expect(roleDecision('cashier', route('GET', '/shifts/daily-report', 'shifts:read'), '10')).toMatchObject({ action: 'other_shift', role: 'supervisor' });
    for (const role of ['supervisor', 'owner'] as const) {
      expect(roleDecision(role, issue('03'), '10').allowed).toBe(true);
      expect(roleDecision(role, route('POST', '/documents/:key/void', 'invoices:void'), '10').allowed).toBe(true);
    }
  });

  it('measures discounts against quantity × price, every line and alias', () => {
    // The limit reads each line as issuing does (tills/discount-rule.ts): a line needs what the reader needs.
    const ITEM = { cabys_code: '6331000000000', unit: 'Os', description: 'Almuerzo ejecutivo', tax: { type: '01', rate_code: '08' } };
    const line = (discount: unknown) => [{ ...ITEM, quantity: '2', price: '1000', discount }];
    expect(roleDecision('cashier', issue('04', line({ amount: '200' })), '10').allowed).toBe(true); // exactly 10 %
    expect(roleDecision('cashier', issue('04', line({ amount: '200.01' })), '10')).toMatchObject({ action: 'discount', approval: 'discount' });
    expect(roleDecision('cashier', issue('04', line([{ amount: 150 }, { monto: '100' }])), '10').allowed).toBe(false);
    expect(roleDecision('cashier', issue('04', [{ ...ITEM, cantidad: 1, unit_price: 100, discounts: [{ amount: 11 }] }]), '10').allowed).toBe(false);
    expect(roleDecision('cashier', issue('04', line({ amount: '500' })), '25').allowed).toBe(true);
    // Unreadable members (a quantity of 0 or of letters) are the document reader's to refuse, not a reason to ask for a supervisor.
    expect(roleDecision('cashier', issue('04', [{ ...ITEM, quantity: 0, price: 100, discount: { amount: 1 } }]), '10').allowed).toBe(true);
    expect(roleDecision('cashier', issue('04', [{ ...ITEM, quantity: 'x', price: 100, discount: { amount: 50 } }]), '10').allowed).toBe(true);
    expect(roleDecision('cashier', { ...issue('04'), body: 'not json' }, '10').allowed).toBe(true);
    expect(roleDecision('supervisor', issue('04', line({ amount: '2000' })), '10').allowed).toBe(true);
  });

  it("keeps the owner's things the owner's, not approvable", () => {
    for (const request of [route('PUT', '/organizations/me', 'settings:manage'), route('POST', '/webhooks', 'webhooks:write'), route('POST', '/cashiers', 'cashiers:manage'),
      route('POST', '/products', 'products:write'), route('POST', '/received-documents', 'invoices:write'), route('POST', '/receptor-messages', 'invoices:write', 'invoices:sign'),
      issue('08'), issue('09'), issue('10'), { ...route('POST', '/api-keys', 'account:manage'), account: true }]) {
      for (const role of ['cashier', 'supervisor'] as const) {
        const decision = roleDecision(role, request, '10');
        expect(decision, `${role} ${request.method} ${request.url}`).toMatchObject({ allowed: false, role: 'owner' });
        expect(decision).not.toHaveProperty('approval');
      }
      expect(roleDecision('owner', request, '10').allowed).toBe(true);
    }
    expect(roleDecision('cashier', route('POST', '/printers', 'printers:manage'), '10')).toEqual({ allowed: false, action: 'manage', role: 'supervisor' });
  });

  it('keeps the account routes the owner\'s even for reading: backups (the whole database), keys, the account', () => {
    for (const [method, url] of [['GET', '/backups/:name/file'], ['GET', '/backups'], ['GET', '/api-keys'], ['GET', '/account'], ['GET', '/organizations'], ['HEAD', '/backups/:name/file']]) {
      for (const role of ['cashier', 'supervisor'] as const) {
        expect(roleDecision(role, { ...route(method!, url!, 'account:manage'), account: true }, '10'), `${role} ${method} ${url}`).toEqual({ allowed: false, action: 'manage', role: 'owner' });
      }
      expect(roleDecision('owner', { ...route(method!, url!, 'account:manage'), account: true }, '10').allowed).toBe(true);
    }
  });

  it("gives the counter the settings it reads (profile, certificate status, branding, till), not the mailbox's, SMTP's or the counters'", () => {
    for (const url of ['/organizations/me', '/company', '/organizations/me/certificate', '/organizations/me/branding', '/organizations/me/branding/logo', '/settings/till']) {
      expect(roleDecision('cashier', route('GET', url, 'settings:read'), '10'), url).toEqual({ allowed: true });
    }
    for (const url of ['/settings/mailbox', '/settings/smtp', '/settings/received-folder', '/settings/received-digest', '/organizations/me/consecutives']) {
      for (const role of ['cashier', 'supervisor'] as const) expect(roleDecision(role, route('GET', url, 'settings:read'), '10'), `${role} ${url}`).toEqual({ allowed: false, action: 'manage', role: 'owner' });
      expect(roleDecision('owner', route('GET', url, 'settings:read'), '10').allowed).toBe(true);
    }
  });
});

describe('mayActOnShift', () => {
  const ana = { id: 1, name: 'Ana', role: 'cashier' as const };
  const jorge = { id: 2, name: 'Jorge', role: 'supervisor' as const };
  it("lets a cashier act on its own shift only, unless a supervisor approves; others on any", () => {
    expect(mayActOnShift({ cashier: ana }, { openedBy: 1 })).toBe(true);
    expect(mayActOnShift({ cashier: ana }, { openedBy: 2 })).toBe(false);
    expect(mayActOnShift({ cashier: ana }, { openedBy: null })).toBe(false);
    expect(mayActOnShift({ cashier: ana, approvedBy: jorge }, { openedBy: 2 })).toBe(true);
    expect(mayActOnShift({ cashier: ana, approvedBy: { ...ana, id: 3 } }, { openedBy: 2 })).toBe(false);
    expect(mayActOnShift({ cashier: jorge }, { openedBy: 1 })).toBe(true);
    expect(mayActOnShift({}, { openedBy: 1 })).toBe(true); // an API key, or a shop without cashiers
  });
});
