import { IDENTITY_FIELDS, type IdentityField } from '../../../api/identity';

/**
 * The identity values a list or picker answered for one user, comma-separated ("ann@…, Geography"),
 * in the order of the fields it names (its `identityfields`; list order when not given); empty when the
 * caller sees none (the server sends only what they may see).
 */
export function identitySummary(user: Partial<Record<IdentityField, string>>, fields: readonly IdentityField[] = IDENTITY_FIELDS): string {
  return fields
    .map((field) => user[field])
    .filter((value): value is string => value !== undefined && value !== '')
    .join(', ');
}
