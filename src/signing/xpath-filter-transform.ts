/**
 * The XPath filter transform (http://www.w3.org/TR/1999/REC-xpath-19991116) for xml-crypto, limited
 * to the one expression the annex profile uses: `not(ancestor-or-self::ds:Signature)`, which keeps
 * every node that is not a ds:Signature or inside one. Applied to a subtree, that is removing every
 * ds:Signature element (the issuer's and any counter-signature) with its content.
 *
 * xml-crypto hands a transform only the node, not the ds:Transform element, so the expression itself
 * is checked where the references are read (signed-info.ts); any other expression is reported as
 * unsupported there and never reaches this class.
 */
import type { CanonicalizationOrTransformationAlgorithm } from 'xml-crypto';
import { DS_NS, XPATH_FILTER } from './signature-template.ts';

function collectSignatures(node: Node, out: Element[]): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType !== 1) continue;
    if ((child as Element).localName === 'Signature' && (child as Element).namespaceURI === DS_NS) out.push(child as Element);
    else collectSignatures(child, out);
  }
}

export class NotSignatureXPathFilter implements CanonicalizationOrTransformationAlgorithm {
  /** xml-crypto passes a deep clone of the referenced node, so removing from it is safe. */
  process(node: Node): Node | string {
    if (node.nodeType === 1 && (node as Element).localName === 'Signature' && (node as Element).namespaceURI === DS_NS) {
      return ''; // the whole node-set is filtered out
    }
    const signatures: Element[] = [];
    collectSignatures(node, signatures);
    for (const signature of signatures) signature.parentNode?.removeChild(signature);
    return node;
  }

  getAlgorithmName(): string {
    return XPATH_FILTER;
  }
}
