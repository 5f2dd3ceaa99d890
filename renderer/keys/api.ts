/** The keys screen's calls: the account's keys, creating one for the organization, revoking. */
import { api as defaultApi, type ApiClient } from '../api/client.ts';
import { organizationApi } from '../shared/organization/api.ts';
import { planApi } from '../shared/plan.ts';
import type { ApiKey, ApiKeyInput, CreatedKey } from './types.ts';

export function keysApi(client: Pick<ApiClient, 'data'> = defaultApi) {
  const { account, plans } = planApi(client);
  return {
    list: () => client.data<ApiKey[]>('GET', '/api-keys'),
    create: (input: ApiKeyInput) => client.data<CreatedKey>('POST', '/api-keys', input),
    revoke: (id: string) => client.data<ApiKey>('DELETE', `/api-keys/${encodeURIComponent(id)}`),
    profile: organizationApi(client).profile,
    account,
    plans,
  };
}

export type KeysApi = ReturnType<typeof keysApi>;
