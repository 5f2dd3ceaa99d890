/**
 * Errors of the XML layer. A write error means the model reaching the writer is wrong (a bug
 * upstream: validation or totals let something through); a read error means the input XML is not
 * a v4.4 document this app understands.
 */

/** The model cannot be written as schema-valid, canonical v4.4 XML. */
export class XmlWriteError extends Error {
  /** Path of the offending element, e.g. `LineaDetalle[3]/Tarifa`. */
  readonly element: string;
  /** What is wrong with it. */
  readonly detail: string;

  constructor(element: string, detail: string) {
    super(`${element}: ${detail}`);
    this.name = 'XmlWriteError';
    this.element = element;
    this.detail = detail;
  }

  /** The same error with the enclosing element prepended to the path. */
  within(parent: string): XmlWriteError {
    return new XmlWriteError(`${parent}/${this.element}`, this.detail);
  }
}

/** The XML is malformed, not a v4.4 document, or lacks an element the model needs. */
export class XmlReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlReadError';
  }
}
