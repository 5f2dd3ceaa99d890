/** Shapes of the first run: what creating the organization sends, the wizard's steps (the profile's own shapes: shared/organization/profile.ts). */
import type { OrganizationInputView } from '../api/schemas.ts';

/** POST /organizations: the server's OrganizationInput, the members the wizard sends. */
export type OrganizationInput = Pick<OrganizationInputView, 'name' | 'identification_type' | 'identification_number' | 'email' | 'legal_name' | 'phone'>;

export type SetupStep = 'organization' | 'location' | 'certificate' | 'ticket';
export const STEPS: readonly SetupStep[] = ['organization', 'location', 'certificate', 'ticket'];
