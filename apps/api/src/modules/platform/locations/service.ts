import type { LocationList } from './build-lists';
import {
  compressLocationLists,
  hasLocationFiles,
  type LocationFile,
  LOCATIONS_DIR,
  readLocationFile,
  writeLocationFiles,
} from './location-files';

let loaded: Map<LocationList, LocationFile> | undefined;

/**
 * The location lists with their precompressed copies, read once from the files `npm run build` wrote and kept in
 * memory. A server started without that build (tests, `npm run dev`) makes them once, at the first request (a
 * faster brotli level: the build's takes seconds), and keeps them as files when the directory is writable.
 */
export function locationList(list: LocationList, dir = LOCATIONS_DIR): LocationFile {
  if (!loaded) {
    if (hasLocationFiles(dir)) {
      loaded = new Map();
    } else {
      loaded = compressLocationLists({ brotliQuality: 6 });
      try {
        writeLocationFiles(dir, loaded);
      } catch {
        // A read-only install still answers from memory.
      }
    }
  }
  let found = loaded.get(list);
  if (!found) {
    found = readLocationFile(list, dir);
    loaded.set(list, found);
  }
  return found;
}
