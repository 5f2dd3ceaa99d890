/**
 * One error type (issue 13, DESIGN.md "Errors"): the issuing refusals and a request's validation problems are
 * AppErrors, `ApiError` is AppError under the API's name, and the error handler writes their envelope as it
 * did when each had a class of its own.
 */
import { describe, expect, it } from 'vitest';
import { AppError, validationError } from '../../../src/domain/errors.ts';
import { ApiError } from '../../../src/api/errors.ts';
import { errorBody, toApiError } from '../../../src/api/plugins/errors.ts';
import { IssueError } from '../../../src/documents/issue-errors.ts';
import { RequestValidationError } from '../../../src/documents/request/problems.ts';

const now = new Date('2026-03-15T16:30:00Z');

describe('AppError', () => {
  it('is the class the API throws as ApiError', () => {
    expect(ApiError).toBe(AppError);
    expect(validationError({ name: ['Must not be blank.'] })).toBeInstanceOf(ApiError);
  });

  it('carries an issuing refusal with its code and status', () => {
    const error = new IssueError('duplicate_clave', 409, 'Clave 506 was already used.');
    expect(error).toBeInstanceOf(AppError);
    expect(toApiError(error)).toBe(error);
    expect(errorBody(error, now)).toEqual({
      success: false,
      error: { code: 'duplicate_clave', message: 'Clave 506 was already used.' },
      timestamp: '2026-03-15T16:30:00.000Z',
      api_version: '1.0',
    });
  });

  it('carries every problem of a request, in the words the request asked for', () => {
    const errors = { 'items.0.cabys_code': ['El código CABYS no existe.'], 'receiver.email': ['Correo inválido.'] };
    const error = new RequestValidationError(errors);
    expect(error.errors).toBe(errors);
    expect(error).toMatchObject({ code: 'validation_error', status: 422, options: { fieldErrors: errors, localized: true } });
    expect(errorBody(error, now, 'en')).toEqual({
      success: false,
      error: { code: 'validation_error', message: 'El código CABYS no existe. | Correo inválido.', errors },
      timestamp: '2026-03-15T16:30:00.000Z',
      api_version: '1.0',
    });
  });
});
