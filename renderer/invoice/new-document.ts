/**
 * How the invoice screen starts a document: a credit or debit note prefilled from the document it corrects
 * (its receiver, terms and lines read back from the signed XML, its reference), or a new, empty one after
 * an issue (the type and currency stay; after a note, a new invoice).
 */
import { readSourceDocument, type XmlElement } from '../shared/source-document.ts';
import { REFERENCED_TYPE, defaultReferenceCode, isNote } from './document-types.ts';
import { withKeys } from './lines.ts';
import { costaRicaDay } from './request.ts';
import { defaultCommercial, emptyReference, idleValidation, type InvoiceState, type StoreContext } from './state.ts';

interface NewDocumentDeps {
  parseXml: (xml: string) => XmlElement | null;
  /** The document issued before is no longer followed. */
  stopPolling(): void;
}

export function newDocumentActions({ get, change }: StoreContext, { parseXml, stopPolling }: NewDocumentDeps): Pick<InvoiceState, 'startNote' | 'reset'> {
  return {
    startNote(type, source) {
      const xml = source.signed_xml ? parseXml(source.signed_xml) : null;
      const read = xml ? readSourceDocument(xml, source.document_type) : null;
      const codes = get().codes.referenceCodes;
      const code = defaultReferenceCode(type);
      const time = read?.date || source.created_at;
      stopPolling();
      change({
        documentType: type,
        party: read?.party ?? null,
        ...(read ? { commercial: read.commercial } : {}),
        rateInfo: null,
        lines: read ? withKeys(read.lines) : [],
        reference: {
          documentType: REFERENCED_TYPE[source.document_type] ?? '99',
          number: source.document_key,
          date: costaRicaDay(time),
          time,
          code,
          codeOther: '',
          reason: codes.find((c) => c.code === code)?.description ?? '',
        },
        issued: null,
        error: null,
        errorCode: null,
        fieldErrors: {},
        partyQuery: '',
        partyResults: [],
        lineQuery: '',
        lineResults: [],
      });
    },

    reset() {
      // A note's type, terms and reference were its own: what follows it is a new invoice.
      const afterNote = isNote(get().documentType);
      const documentType = afterNote ? '01' : get().documentType;
      change({
        ...(afterNote ? { documentType, commercial: defaultCommercial, rateInfo: null } : {}),
        party: null, lines: [], reference: emptyReference(documentType), partyQuery: '', partyResults: [], lineQuery: '', lineResults: [], priceFocus: null, validation: idleValidation, fieldErrors: {},
      });
    },
  };
}
