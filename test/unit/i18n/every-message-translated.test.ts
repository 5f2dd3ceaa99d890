/**
 * Every English text in src/ that can reach an API answer — an error's message or field message, a success
 * envelope's message — has its Spanish twin in the server-messages catalogue (issue 12: "validation
 * messages outside the document request come only in English"). A message added without its Spanish
 * fails here, naming its file and line. docs/languages.md
 */
import { describe, expect, it } from 'vitest';
import { localizeMessage } from '../../../src/i18n/server-messages.ts';
import { messagesInSource } from './messages-in-source.ts';

/** Texts the source builds from a part given by its callers, each caller's whole text being catalogued. */
const COMPOSED: Record<string, string> = {
  // api/sections/catalogs/routes.ts `unit(…, what)`: "No province 9 (1 to 7).", "No canton 99 in province 1.", "No district …" are.
  'No sample value-1.': 'the location look-ups give the rest of the sentence',
};

describe('every server message has its Spanish', () => {
  const messages = messagesInSource();

  it('finds the messages in the source', () => {
    // A guard on the scan itself: were it to find nothing, the test below would pass on anything.
    expect(messages.length).toBeGreaterThan(150);
    expect(messages.map((m) => m.text)).toEqual(expect.arrayContaining(['Webhook not found.', 'Unknown API key.', 'Webhook created.']));
  });

  it('translates each of them', () => {
    const untranslated = messages
      .filter((m) => !(m.text in COMPOSED))
      .filter((m) => localizeMessage('es', m.text) === m.text)
      .map((m) => `${m.where}: ${m.text}`);
    expect(untranslated).toEqual([]);
  });

  it('leaves no English inside a Spanish message', () => {
    // A general template ("{what} not found.") matched before a specific one would leave the English noun in.
    expect(localizeMessage('es', 'Webhook not found.')).toBe('No se encontró el webhook.');
    expect(localizeMessage('es', 'The subscription was canceled: the fiscal archive is not available.')).toBe('La suscripción se canceló: el archivo fiscal no está disponible.');
    expect(localizeMessage('es', 'The path parameter key is not valid: Must NOT have more than 50 characters.')).toBe('El parámetro de ruta key no es válido: No puede tener más de 50 caracteres.');
  });
});
