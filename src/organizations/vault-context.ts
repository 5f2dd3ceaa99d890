/**
 * The vault context of each secret: organization, environment and field. It is authenticated data of the
 * AES-GCM ciphertext, so a blob copied into another organization's row, another environment or another
 * column fails to decrypt instead of being used.
 */
export type SecretField = 'p12' | 'pin' | 'atv_password';

export function vaultContext(organizationId: number, environment: string, field: SecretField): string {
  return `org:${organizationId}:${environment}:${field}`;
}
