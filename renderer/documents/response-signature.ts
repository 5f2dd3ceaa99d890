/**
 * The one line the document shows about who signed the tax authority's answer: the certificate's common
 * name and how far its signature is trusted, or a warning when it does not verify or is not Hacienda's.
 */
import type { MessageKey } from './messages.ts';
import type { AnswerSignature } from './types.ts';

export interface SignatureLine {
  key: MessageKey;
  /** The certificate's common name (CN), else its whole subject. */
  signer: string;
  warning: boolean;
}

/** The CN of a subject written "CN=…, O=…, C=CR" (commas inside a value are escaped "\\,"). */
export function commonName(subject: string): string {
  const cn = /(?:^|, )CN=((?:\\.|[^,\\])*)/.exec(subject)?.[1];
  return cn ? cn.replace(/\\(.)/g, '$1') : subject;
}

export function signatureLine(signature: AnswerSignature): SignatureLine {
  return {
    key: `docs.signature.${signature.status}`,
    signer: signature.signer ? commonName(signature.signer) : '?',
    warning: signature.status === 'invalid' || signature.status === 'not_tax_authority',
  };
}
