/**
 * Collects every validation problem of a request at once, as the spec's `validation_error`: a map from a
 * dot-notation field path (`items.0.cabys_code`) to its messages, in the request's language.
 */
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

/** Thrown with the collected problems when a request cannot be issued. */
export class RequestValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super(Object.values(errors).flat().join(' | '));
    this.name = 'RequestValidationError';
  }
}
