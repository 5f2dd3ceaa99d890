/**
 * A probe of one catalogue rule: a request that breaks the rule (refused, naming `path`) and its neighbour
 * that obeys it (accepted; its XML is validated against the XSDs). Both start from an example request dated
 * a minute before the tests' clock.
 */
import { exampleRequest, type Body } from '../../../fixtures/example-requests.ts';

export const NOW = new Date('2026-11-25T18:00:00Z');

export type Example = '01-factura' | '02-nota-debito' | '03-nota-credito' | '04-tiquete' | '08-factura-compra' | '09-factura-exportacion' | '10-recibo-pago';
export type Edit = (body: Body) => void;

export interface Probe {
  rule: string;
  path: string;
  breaks: Body;
  obeys: Body;
}

export function example(name: Example): Body {
  return exampleRequest(name, new Date(NOW.getTime() - 60_000));
}

/** Sets (or with `undefined` deletes) a member at a dot path (`items.0.tax`). */
export function setPath(body: Body, path: string, value: unknown): void {
  const keys = path.split('.');
  let target: Body = body;
  for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Body;
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete target[last];
  else target[last] = value;
}

/** Edits that set several paths at once. */
export function set(values: Record<string, unknown>): Edit {
  return (body) => {
    for (const [path, value] of Object.entries(values)) setPath(body, path, value);
  };
}

/** A probe on one example: `breaks` applied to it is refused at `path`; `obeys` (default: nothing) is accepted. */
export function probe(rule: string, path: string, on: Example, breaks: Edit, obeys: Edit = () => {}, obeysOn: Example = on): Probe {
  const broken = example(on);
  breaks(broken);
  const fine = example(obeysOn);
  obeys(fine);
  return { rule, path, breaks: broken, obeys: fine };
}
