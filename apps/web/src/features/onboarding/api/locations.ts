import { useQuery } from '@tanstack/react-query';
import type { CityRow, CountryRow, StateRow } from '@postwise/shared/api-types';

export const locationKeys = {
  all: ['locations'] as const,
  list: (list: 'countries' | 'states' | 'cities') => [...locationKeys.all, list] as const,
};

/** The static lists of spec 3 and 7 (/json/*.json): plain GETs outside the API base, cached by the browser. */
async function fetchList<T>(list: 'countries' | 'states' | 'cities'): Promise<T[]> {
  const response = await fetch(`/json/${list}.json`, { credentials: 'omit' });
  if (!response.ok) throw new Error(`Could not load the ${list} list`);
  return (await response.json()) as T[];
}

function useList<T>(list: 'countries' | 'states' | 'cities', enabled = true) {
  return useQuery({
    queryKey: locationKeys.list(list),
    queryFn: () => fetchList<T>(list),
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  });
}

export const useCountries = () => useList<CountryRow>('countries');
export const useStates = (enabled: boolean) => useList<StateRow>('states', enabled);
export const useCities = (enabled: boolean) => useList<CityRow>('cities', enabled);
