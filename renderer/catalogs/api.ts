/** The read-only catalog calls of the browser (spec "Catalogs", "Exchange rates"). */
import { api as defaultClient, query, type ApiClient } from '../api/client.ts';
import { organizationApi } from '../shared/organization/api.ts';
import type { AddressHit, CabysBrowseItem, CabysCodeDetail, CabysHit, Activity, ExchangeRate, Pagination, Place, TariffCode, TariffCodeDetail } from './types.ts';

/** Entries per page of a search or a CABYS level: one screen's worth, "more" fetches the next. */
export const PER_PAGE = 50;

interface Paged<T> {
  items: T[];
  pagination: Pagination;
}

export function createCatalogsApi(client: Pick<ApiClient, 'data' | 'request'> = defaultClient) {
  async function paged<T>(path: string, params: Record<string, string | number | undefined>): Promise<Paged<T>> {
    const answer = await client.request<{ data: T[]; pagination: Pagination }>('GET', `${path}${query({ ...params, per_page: PER_PAGE })}`);
    return { items: answer.data, pagination: answer.pagination };
  }
  const code = (text: string) => encodeURIComponent(text);
  // The location table's levels and the activities are the first-run wizard's calls.
  const { provinces, cantons, districts, activities } = organizationApi(client);
  return {
    searchCabys: (q: string, page = 1) => paged<CabysHit>('/reference/cabys', { q, page }),
    cabysCategories: () => client.data<CabysBrowseItem[]>('GET', '/reference/cabys/categories'),
    browseCabys: (parent: string, page = 1) => paged<CabysBrowseItem>('/reference/cabys/browse', { parent, page }),
    cabys: (c: string) => client.data<CabysCodeDetail>('GET', `/reference/cabys/${code(c)}`),
    searchTariffs: (q: string, page = 1) => paged<TariffCode>('/reference/tariff-codes', { q, page }),
    tariffChapters: () => client.data<TariffCode[]>('GET', '/reference/tariff-codes/chapters'),
    browseTariffs: (parent: string) => client.data<TariffCode[]>('GET', `/reference/tariff-codes/browse${query({ parent })}`),
    tariff: (c: string) => client.data<TariffCodeDetail>('GET', `/reference/tariff-codes/${code(c)}`),
    searchAddresses: (q: string, page = 1) => paged<AddressHit>('/reference/address-search', { q, page }),
    provinces,
    cantons,
    districts,
    neighborhoods: (p: string, c: string, d: string) => client.data<Place[]>('GET', `/reference/neighborhoods/${code(p)}/${code(c)}/${code(d)}`),
    activities: (q: string): Promise<Activity[]> => activities(q),
    exchangeRate: () => client.data<ExchangeRate>('GET', '/exchange-rates'),
  };
}

export type CatalogsApi = ReturnType<typeof createCatalogsApi>;
