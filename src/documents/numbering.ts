/**
 * Consecutive and clave of a document being issued. Numbers come from a source owned by the caller: the
 * store's transaction or the issuing pipeline's batch in the app, an in-memory counter in the CLI. A client
 * may instead supply its own consecutive (and clave), which the request rules have already checked; the
 * source then moves past it.
 */
import { buildClave, generateSecurityCode, type RandomBytes } from '../domain/clave.ts';
import { buildConsecutive, parseConsecutive } from '../domain/consecutive.ts';
import type { CounterRef, NumberSource } from '../domain/issuing-port.ts';
import type { Numbering } from './build-model.ts';
import type { ParsedRequest } from './request/parsed-request.ts';
import { claveOwner } from './rules/header.ts';

export type { NumberSource };

/** Numbers that live only as long as the process (for the CLI and tests). */
export class InMemoryCounter implements NumberSource {
  private readonly next = new Map<string, number>();

  private static id(c: CounterRef): string {
    return `${c.branch}/${c.terminal}/${c.documentType}`;
  }

  nextConsecutive(counter: CounterRef): number {
    const value = this.next.get(InMemoryCounter.id(counter)) ?? 1;
    this.next.set(InMemoryCounter.id(counter), value + 1);
    return value;
  }

  noteUsedConsecutive(counter: CounterRef, used: number): void {
    if ((this.next.get(InMemoryCounter.id(counter)) ?? 1) <= used) this.next.set(InMemoryCounter.id(counter), used + 1);
  }
}

export function numberDocument(source: NumberSource, req: ParsedRequest, random?: RandomBytes): Numbering {
  const doc = req.document;
  const counter = { branch: doc.branch, terminal: doc.terminal, documentType: doc.type };
  let consecutive = doc.consecutive;
  if (consecutive === undefined) consecutive = buildConsecutive({ ...counter, number: source.nextConsecutive(counter) });
  else {
    const parts = parseConsecutive(consecutive);
    source.noteUsedConsecutive({ branch: parts.branch, terminal: parts.terminal, documentType: parts.documentType }, parts.number);
  }
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
