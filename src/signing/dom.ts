/**
 * Small DOM helpers for verification (@xmldom/xmldom documents, typed as the standard DOM that
 * xml-crypto's declarations use).
 */
import { DOMParser } from '@xmldom/xmldom';
import { normalizeXml10LineEndings } from '../domain/xml-line-endings.ts';

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Parses XML text, stopping at the first error; returns the error message instead of throwing. */
export function parseXml(text: string): { doc: Document } | { error: string } {
  try {
    const parser = new DOMParser({
      normalizeLineEndings: normalizeXml10LineEndings,
      onError: (level: string, message: string) => {
        if (level !== 'warning') throw new Error(message);
      },
    });
    const doc = parser.parseFromString(text, 'text/xml') as unknown as Document;
    if (!doc.documentElement) return { error: 'no root element' };
    return { doc };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

export function childElements(parent: Node, namespace: string, localName: string): Element[] {
  const out: Element[] = [];
  for (let child = parent.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 1 && (child as Element).localName === localName && (child as Element).namespaceURI === namespace) {
      out.push(child as Element);
    }
  }
  return out;
}

export function firstChild(parent: Node | undefined, namespace: string, localName: string): Element | undefined {
  return parent ? childElements(parent, namespace, localName)[0] : undefined;
}

/** Follows a path of child elements in one namespace. */
export function childPath(parent: Node | undefined, namespace: string, ...names: string[]): Element | undefined {
  let current = parent as Element | undefined;
  for (const name of names) current = firstChild(current, namespace, name);
  return current;
}

export function textOf(element: Element | undefined): string | undefined {
  return element ? (element.textContent ?? '') : undefined;
}

/** Removes every comment: same-document references (URI="" and "#id") dereference without them. */
export function removeComments(node: Node): void {
  for (let child = node.firstChild; child;) {
    const next = child.nextSibling;
    if (child.nodeType === 8) node.removeChild(child);
    else removeComments(child);
    child = next;
  }
}

/** Elements whose Id, ID or id attribute equals `id` (more than one means a wrapping attempt). */
export function elementsById(doc: Document, id: string): Element[] {
  const out: Element[] = [];
  const visit = (node: Node): void => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType !== 1) continue;
      const element = child as Element;
      if (['Id', 'ID', 'id'].some((name) => element.getAttribute(name) === id)) out.push(element);
      visit(element);
    }
  };
  visit(doc);
  return out;
}

/**
 * Namespace declarations in scope from the ancestors of `element` and not redeclared on it, for
 * inclusive C14N of a subtree (the apex must render them). Mirrors xml-crypto's findAncestorNs.
 */
export function ancestorNamespaces(element: Element): { prefix: string; namespaceURI: string }[] {
  const ownPrefixes = new Set<string>([element.prefix ?? '']);
  for (const attr of Array.from(element.attributes)) {
    if (attr.namespaceURI === XMLNS_NS) ownPrefixes.add(attr.prefix ? attr.localName : '');
  }
  const seen = new Map<string, string>();
  for (let node = element.parentNode; node && node.nodeType === 1; node = node.parentNode) {
    for (const attr of Array.from((node as Element).attributes)) {
      if (attr.namespaceURI !== XMLNS_NS) continue;
      const prefix = attr.prefix ? attr.localName : '';
      if (!seen.has(prefix)) seen.set(prefix, attr.value);
    }
  }
  return [...seen].filter(([prefix, uri]) => uri !== '' && !ownPrefixes.has(prefix))
    .map(([prefix, namespaceURI]) => ({ prefix, namespaceURI }));
}

/** Whether `node` is `ancestor` or inside it. */
export function isInside(node: Node, ancestor: Node): boolean {
  for (let current: Node | null = node; current; current = current.parentNode) {
    if (current === ancestor) return true;
  }
  return false;
}
