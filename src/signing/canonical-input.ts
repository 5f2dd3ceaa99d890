/**
 * Cheap checks of the signer's input contract: the XML the app's writers emit is already in exclusive
 * canonical form, so the digest of the document is the SHA-256 of its bytes from the root start tag
 * to the root end tag. These checks do not parse; they reject what would silently break that
 * equality (a self-closed element, a comment, CDATA, a literal CR, a non-canonical character
 * reference, a second namespace declaration, text after the root) in a few linear scans.
 */
import { SigningError } from './signing-error.ts';

const DECLARATIONS = ['<?xml version="1.0" encoding="utf-8"?>', '<?xml version="1.0" encoding="UTF-8"?>'];
const ROOT_START = /<([A-Za-z_][A-Za-z0-9_.-]*) xmlns="[^"<&]*">/y;
/** Entity and character references c14n itself writes (text: amp lt gt #xD; attributes add quot #x9 #xA). */
const NON_CANONICAL_REFERENCE = /&(?!(?:amp|lt|gt|quot|#xD|#x9|#xA);)/;

export interface RootLocation {
  /** Index of the root start tag (after the optional XML declaration). */
  rootStart: number;
  /** Index of the root end tag, where the signature goes. */
  rootEnd: number;
}

function violation(what: string): SigningError {
  return new SigningError('invalid_input', `The XML to sign is not in the canonical form the signer requires: ${what}.`);
}

/** Whether a namespace declaration appears in a tag after `from`. Canonical text escapes '<', so a
 * ' xmlns' is inside a tag exactly when the nearest '<' before it is nearer than the nearest '>'. */
function declaresNamespace(xml: string, from: number): boolean {
  for (let at = xml.indexOf(' xmlns', from); at !== -1; at = xml.indexOf(' xmlns', at + 6)) {
    if (xml.lastIndexOf('<', at) > xml.lastIndexOf('>', at)) return true;
  }
  return false;
}

/** Locates the root element and checks the contract; throws SigningError('invalid_input') if violated. */
export function locateCanonicalRoot(xml: string): RootLocation {
  if (typeof xml !== 'string') throw violation('it is not a string');
  const declaration = DECLARATIONS.find((d) => xml.startsWith(d));
  if (!declaration && xml.startsWith('<?')) throw violation('the XML declaration must be exactly <?xml version="1.0" encoding="utf-8"?>');
  const rootStart = declaration ? declaration.length : 0;
  ROOT_START.lastIndex = rootStart;
  const start = ROOT_START.exec(xml);
  if (!start) throw violation('it must start with the root element and its one xmlns="..." declaration, nothing else');
  const endTag = `</${start[1]}>`;
  if (!xml.endsWith(endTag)) throw violation(`it must end with ${endTag} and nothing after it`);
  const afterRootTag = rootStart + start[0].length;
  if (declaresNamespace(xml, afterRootTag)) throw violation('namespaces may only be declared on the root (the document must not be signed already)');
  if (xml.indexOf('/>', afterRootTag) !== -1) throw violation('empty elements must be written as start and end tags');
  if (xml.indexOf('<!', afterRootTag) !== -1) throw violation('comments, CDATA and DOCTYPE are not allowed');
  if (xml.indexOf('<?', afterRootTag) !== -1) throw violation('processing instructions are not allowed');
  if (xml.indexOf('\r', rootStart) !== -1) throw violation('a carriage return must be written as &#xD;');
  if (NON_CANONICAL_REFERENCE.test(xml)) throw violation('only &amp; &lt; &gt; &quot; &#xD; &#x9; &#xA; references are canonical');
  return { rootStart, rootEnd: xml.length - endTag.length };
}
