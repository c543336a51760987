import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';

export type LocationList = 'countries' | 'states' | 'cities';

export interface BuiltList {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

const built = new Map<LocationList, Promise<BuiltList>>();

/**
 * Spec 3's location lists from the maintained `country-state-city` dataset: countries {name}, states
 * {name, country_name}, cities {name, state_name}. Built at the first request (the dataset is large and
 * loaded only then), kept in memory with a gzip copy and an ETag.
 */
async function build(list: LocationList): Promise<BuiltList> {
  const { Country, State, City } = await import('country-state-city');
  const countries = Country.getAllCountries();
  const countryName = new Map(countries.map((c) => [c.isoCode, c.name]));
  let rows: unknown[];
  if (list === 'countries') {
    rows = countries.map((c) => ({ name: c.name }));
  } else {
    const states = State.getAllStates();
    if (list === 'states') {
      rows = states.map((s) => ({ name: s.name, country_name: countryName.get(s.countryCode) ?? '' }));
    } else {
      const stateName = new Map(states.map((s) => [`${s.countryCode}:${s.isoCode}`, s.name]));
      rows = City.getAllCities().map((c) => ({
        name: c.name,
        state_name: stateName.get(`${c.countryCode}:${c.stateCode}`) ?? '',
      }));
    }
  }
  const json = Buffer.from(JSON.stringify(rows));
  return {
    json,
    gzip: gzipSync(json, { level: 9 }),
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  };
}

export function locationList(list: LocationList): Promise<BuiltList> {
  let found = built.get(list);
  if (!found) {
    found = build(list);
    // A failed build is not kept, so the next request tries again.
    found.catch(() => built.delete(list));
    built.set(list, found);
  }
  return found;
}
