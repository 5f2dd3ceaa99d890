/**
 * Collects every validation problem of a request at once, as the spec's `validation_error`: a map from a
 * dot-notation field path (`items.0.cabys_code`) to its messages, in the request's language.
 */
import { AppError, joinFieldErrors } from '../../domain/errors.ts';
import { message, type Language, type MessageKey, type MessageParams } from '../../i18n/validation-messages.ts';

export class Problems {
  readonly errors: Record<string, string[]> = {};
  private count = 0;

  constructor(readonly language: Language) {}

  add(path: string, key: MessageKey, params?: MessageParams): void {
    this.addText(path, message(this.language, key, params));
  }

  /** A message already worded in the request's language (the rule catalogue's). */
  addText(path: string, text: string): void {
    this.count++;
    const list = (this.errors[path] ??= []);
    if (!list.includes(text)) list.push(text);
  }

  has(path: string): boolean {
    return this.count > 0 && path in this.errors;
  }

  get isEmpty(): boolean {
    return this.count === 0;
  }
}

/**
 * Thrown with the collected problems when a request cannot be issued: the spec's 422 `validation_error`, an
 * AppError (domain/errors.ts) whose messages are already in the request's language.
 */
export class RequestValidationError extends AppError {
  constructor(readonly errors: Record<string, string[]>) {
    super('validation_error', 422, joinFieldErrors(errors), { fieldErrors: errors, localized: true });
    this.name = 'RequestValidationError';
  }
}
