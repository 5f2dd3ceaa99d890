/** Shapes of the first run: what creating the organization sends, the wizard's steps (the profile's own shapes: shared/organization/profile.ts). */

/** POST /organizations (OrganizationInput). */
export interface OrganizationInput {
  name: string;
  identification_type: string;
  identification_number: string;
  email: string;
  legal_name?: string;
  phone?: string;
}

export type SetupStep = 'organization' | 'location' | 'certificate' | 'ticket';
export const STEPS: readonly SetupStep[] = ['organization', 'location', 'certificate', 'ticket'];
