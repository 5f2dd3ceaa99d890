/** The tax authority's two environments an organization issues in: the sandbox (staging) and production. */
export type Environment = 'staging' | 'production';
export const ENVIRONMENTS: readonly Environment[] = ['staging', 'production'];
