import {
  hasLocationFiles,
  type LocationFile,
  LOCATIONS_DIR,
  readLocationFile,
  writeLocationFiles,
} from './location-files';
import type { LocationList } from './build-lists';

const loaded = new Map<LocationList, LocationFile>();

/**
 * One location list with its precompressed copies, read from the files `npm run build` wrote and kept in memory.
 * A server started without that build (tests, `npm run dev`) writes the files once, at the first request.
 */
export function locationList(list: LocationList, dir = LOCATIONS_DIR): LocationFile {
  let found = loaded.get(list);
  if (!found) {
    // A faster brotli level here: the build's level 11 takes seconds on the city list.
    if (!hasLocationFiles(dir)) writeLocationFiles(dir, { brotliQuality: 6 });
    found = readLocationFile(list, dir);
    loaded.set(list, found);
  }
  return found;
}
