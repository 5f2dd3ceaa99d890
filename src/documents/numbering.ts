/**
 * Consecutive and clave of a document being issued. The consecutive's number comes from a counter owned by
 * the caller (the store's transaction in the app, an in-memory counter in the CLI); a client may instead
 * supply its own consecutive (and clave), which the request rules have already checked.
 */
import { buildClave, generateSecurityCode, type RandomBytes } from '../domain/clave.ts';
import { buildConsecutive } from '../domain/consecutive.ts';
import type { Numbering } from './build-model.ts';
import type { ParsedRequest } from './request/parsed-request.ts';
import { claveOwner } from './request/business-rules.ts';

/** Where the next number of a branch / terminal / document type comes from. */
export interface ConsecutiveCounter {
  next(key: { branch: string; terminal: string; documentType: string }): number;
}

/** A counter that lives only as long as the process (for the CLI and tests). */
export class InMemoryCounter implements ConsecutiveCounter {
  private readonly counters = new Map<string, number>();

  next(key: { branch: string; terminal: string; documentType: string }): number {
    const id = `${key.branch}/${key.terminal}/${key.documentType}`;
    const value = (this.counters.get(id) ?? 0) + 1;
    this.counters.set(id, value);
    return value;
  }
}

export function assignNumbering(req: ParsedRequest, counter: ConsecutiveCounter, random?: RandomBytes): Numbering {
  const doc = req.document;
  const consecutive =
    doc.consecutive ??
    buildConsecutive({
      branch: doc.branch,
      terminal: doc.terminal,
      documentType: doc.type,
      number: counter.next({ branch: doc.branch, terminal: doc.terminal, documentType: doc.type }),
    });
  if (doc.clave !== undefined) return { consecutive, clave: doc.clave };
  const owner = claveOwner(req)!;
  const clave = buildClave({
    issuedAt: doc.issuedAt,
    identificationType: owner.type,
    identification: owner.number,
    consecutive,
    situation: doc.situation,
    securityCode: generateSecurityCode(random),
  });
  return { consecutive, clave };
}
