/** Emisor and Receptor as the lines a PDF prints under their names. */
import type { Location, Party } from '../domain/document-model.ts';
import type { PdfLabels } from './labels.ts';

export interface PartyView {
  name: string;
  /** Commercial name, identification, address, phone, e-mail: each present one on its own line. */
  details: string[];
}

function address(location: Location | undefined, foreign: string | undefined): string | undefined {
  if (foreign) return foreign;
  if (!location) return undefined;
  return [location.neighborhood, location.details].filter((part) => part).join(', ');
}

export function partyView(party: Party, labels: PdfLabels): PartyView {
  const id = party.identification;
  const details = [
    party.commercialName,
    id.number ? `${labels.idTypes[id.type] ?? labels.identification} ${id.number}` : undefined,
    address(party.location, party.foreignAddress),
    party.phone ? `${labels.phone}: +${party.phone.countryCode} ${party.phone.number}` : undefined,
    party.emails.length > 0 ? `${labels.email}: ${party.emails.join(', ')}` : undefined,
  ];
  return { name: party.name, details: details.filter((d): d is string => Boolean(d)) };
}
