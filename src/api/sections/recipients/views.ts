/** Recipient rows as the spec's `Recipient` (a superset of `RecipientSummary`). */
import type { RecipientRow } from '../../../store/recipients.ts';

export function recipientView(row: RecipientRow) {
  return {
    id: row.id,
    name: row.name,
    commercial_name: row.commercialName,
    identification_type: row.identificationType,
    identification_number: row.identificationNumber,
    is_foreign: row.isForeign,
    country_code: row.countryCode,
    province: row.province,
    canton: row.canton,
    district: row.district,
    neighborhood: row.neighborhood,
    other_address: row.otherAddress,
    email: row.email,
    phone: row.phone,
    fax: row.fax,
    notes: row.notes,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
