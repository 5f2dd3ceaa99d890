import { describe, expect, it } from 'vitest';
import { prepareReceiverMessage } from '../../../src/receiver-messages/prepare-receiver-message.ts';
import { InMemoryCounter } from '../../../src/documents/numbering.ts';
import { RequestValidationError } from '../../../src/documents/request/problems.ts';
import { validateXsd } from '../../../src/xml/xsd-validate.ts';
import { withPlaceholderSignature } from '../../helpers/xsd.ts';
import { exampleRequest, type Body } from '../../fixtures/example-requests.ts';

const NOW = new Date('2026-11-25T18:00:00Z');
const example = () => exampleRequest('receptor-mensaje');
const prepare = (body: unknown, counter = new InMemoryCounter()) => prepareReceiverMessage(body, { now: NOW, counter });

function errorsOf(body: unknown): Record<string, string[]> {
  try {
    prepare(body);
  } catch (err) {
    if (err instanceof RequestValidationError) return err.errors;
    throw err;
  }
  throw new Error('expected a validation error');
}

describe('receiver messages (MensajeReceptor)', () => {
  it('numbers acceptance, partial acceptance and rejection as consecutive types 05, 06 and 07', () => {
    const counter = new InMemoryCounter();
    const types = ['1', '2', '3', '1'].map((message) => prepare({ ...example(), message }, counter).model.receiverConsecutive);
    expect(types).toEqual(['00100001050000000001', '00100001060000000001', '00100001070000000001', '00100001050000000002']);
  });

  it('reads the Spanish aliases of the spec', () => {
    const { model } = prepare({
      key: '50618112600310198765400100001010000000123100000001',
      mensaje: '3',
      cedula_emisor: '3101987654',
      tipo_emisor: '02',
      cedula_receptor: '114560789',
      tipo_receptor: '01',
      fecha_emision: '2026-11-18T09:00:00-06:00',
      total_factura: 1130,
      monto_total_impuesto: 130,
      detalle_mensaje: 'Mercadería no recibida',
      codigo_actividad: '6201.0',
    });
    expect(model).toMatchObject({ message: '3', issuerId: '3101987654', receiverId: '114560789', detail: 'Mercadería no recibida', activityCode: '6201.0' });
    expect(model.total.toFixed(2)).toBe('1130.00');
  });

  it('requires a detail for a partial acceptance, and every problem is reported at once', () => {
    const body: Body = { ...example(), message: 2, total: 0, receiver_id: '12-34' };
    delete body.message_detail;
    expect(Object.keys(errorsOf(body)).sort()).toEqual(['message_detail', 'receiver_id', 'total']);
  });

  it('dates FechaEmisionDoc when the confirmation is made, not when the supplier issued, and takes a blank branch as 001', () => {
    const { model } = prepare({ ...example(), issue_date: '2026-11-02T09:00:00-06:00', branch: ' ', terminal: '' });
    expect(model.issuedAt).toBe('2026-11-25T12:00:00-06:00');
    expect(model.receiverConsecutive.slice(0, 8)).toBe('00100001');
  });

  it('writes XML that both XSD sets accept', async () => {
    const xmls = ['1', '2', '3'].map((message) => withPlaceholderSignature(prepare({ ...example(), message }).xml));
    for (const set of ['v4.4', 'v4.4-2026-rev'] as const) {
      (await validateXsd(xmls, set)).forEach((r) => expect(r.errors).toEqual([]));
    }
  });
});
