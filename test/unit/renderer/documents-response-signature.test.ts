/** The Documents screen's one line about who signed the tax authority's answer: the certificate's name, a warning when it is not trustworthy. */
import { describe, expect, it } from 'vitest';
import { signatureLine } from '../../../renderer/documents/response-signature.ts';
import { es } from '../../../renderer/documents/messages.ts';

describe("the line about the tax authority's signature", () => {
  it('names the certificate by its common name, with a valid signature whose chain is not verified', () => {
    const line = signatureLine({ status: 'chain_not_verified', signer: 'CN=SIMULADOR HACIENDA\\, PRUEBAS, O=MINISTERIO DE HACIENDA, C=CR', detail: 'self-signed' });
    expect(line).toEqual({ key: 'docs.signature.chain_not_verified', signer: 'SIMULADOR HACIENDA, PRUEBAS', warning: false });
    expect(es[line.key]).toBe('Respuesta de Hacienda firmada por {signer}: firma válida, cadena no verificada.');
  });

  it('warns when the signature does not verify or is not the tax authority’s', () => {
    expect(signatureLine({ status: 'invalid', signer: null, detail: 'digest mismatch' })).toMatchObject({ warning: true, signer: '?' });
    expect(signatureLine({ status: 'not_tax_authority', signer: 'C=CR, O=OTRA EMPRESA', detail: '' })).toMatchObject({ warning: true, signer: 'C=CR, O=OTRA EMPRESA' });
  });
});
