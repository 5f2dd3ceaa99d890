/**
 * The server's messages catalogue (src/i18n/server-messages.ts): every English message, whatever its
 * parameters, comes back as its own Spanish twin — no template is shadowed by an earlier, more general one —
 * and texts it does not know, or English asked for, pass unchanged.
 */
import { describe, expect, it } from 'vitest';
import { localizeMessage, serverMessage, SERVER_MESSAGE_KEYS } from '../../../src/i18n/server-messages.ts';
import { loadP12, SigningError } from '../../../src/signing/p12.ts';
import { checkWebhookUrl, resolveTarget } from '../../../src/webhooks/url-policy.ts';
import { makeTestP12, TEST_PIN } from '../../fixtures/certificates.ts';

/** Values for every parameter name the catalogue uses, with spaces and punctuation as real ones have. */
const PARAMS = {
  detail: 'HTTP 503: servicio (no) disponible', environment: 'staging', bits: 1024, date: '2026-01-31', max: 2048, min: 1,
  host: 'pos.example.cr', code: 'ENOTFOUND', address: '10.0.0.7', status: 503, seconds: 30, count: 5, file: 'ventas 2026.db',
  format: 'date-time', pattern: '^[0-9]+$',
};

describe('server messages', () => {
  it('recognises each English message as itself and gives its Spanish twin', () => {
    for (const key of SERVER_MESSAGE_KEYS) {
      expect(localizeMessage('es', serverMessage('en', key, PARAMS)), key).toBe(serverMessage('es', key, PARAMS));
      expect(localizeMessage('en', serverMessage('en', key, PARAMS))).toBe(serverMessage('en', key, PARAMS));
    }
  });

  it('leaves texts it does not know as they are', () => {
    expect(localizeMessage('es', 'Something nobody catalogued.')).toBe('Something nobody catalogued.');
  });

  it('knows the words of the code that finds the problems', async () => {
    const wrongPin = (() => {
      try {
        loadP12(makeTestP12({ pin: TEST_PIN, algorithm: '3des' }), 'otro');
      } catch (error) {
        return error as SigningError;
      }
      throw new Error('opened with a wrong PIN');
    })();
    expect(localizeMessage('es', wrongPin.message)).toMatch(/^PIN incorrecto/);
    const refused = (url: string) => {
      try {
        checkWebhookUrl(url, { allowLocal: false });
      } catch (error) {
        return localizeMessage('es', (error as Error).message);
      }
      throw new Error(`${url} allowed`);
    };
    expect(refused('http://example.com/')).toBe('La URL debe empezar con https://.');
    expect(refused('https://10.0.0.7/')).toMatch(/^La URL debe apuntar a un servidor público/);
    expect(refused('https://user:pw@example.com/')).toBe('La URL no debe llevar usuario ni contraseña.');
    const unresolved = await resolveTarget(new URL('https://nowhere.example/'), { allowLocal: false }, async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    }).then(() => 'resolved', (error: Error) => error.message);
    expect(localizeMessage('es', unresolved)).toBe('No se encontró el servidor nowhere.example (ENOTFOUND): revise el nombre.');
  });
});
