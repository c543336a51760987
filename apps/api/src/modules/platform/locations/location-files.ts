import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { API_ROOT } from '../../../paths';
import { buildLocationRows, LOCATION_LISTS, type LocationList } from './build-lists';

/** Where the build writes the lists: generated, not committed (see .gitignore). */
export const LOCATIONS_DIR = path.join(API_ROOT, 'generated/locations');

export interface LocationFile {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const fileOf = (dir: string, list: LocationList) => path.join(dir, `${list}.json`);

const etagOf = (json: Buffer) => `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;

/**
 * Every list with its brotli and gzip copies, compressed once here so no request ever compresses them. The build
 * uses strong settings; level 10-11 on the 8 MB city list takes a minute for 15% less, so it gets level 9.
 */
export function compressLocationLists({ brotliQuality = 11 } = {}): Map<LocationList, LocationFile> {
  const rows = buildLocationRows();
  const lists = new Map<LocationList, LocationFile>();
  for (const list of LOCATION_LISTS) {
    const json = Buffer.from(JSON.stringify(rows[list]));
    const br = brotliCompressSync(json, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: Math.min(brotliQuality, json.length > 1_000_000 ? 9 : 11),
        [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
      },
    });
    lists.set(list, { json, br, gzip: gzipSync(json, { level: 9 }), etag: etagOf(json) });
  }
  return lists;
}

/**
 * Writes countries.json, states.json and cities.json with their .br and .gz copies (`npm run build`). Each file
 * is written under a temporary name and renamed, so a reader never sees half a file.
 */
export function writeLocationFiles(
  dir = LOCATIONS_DIR,
  lists: Map<LocationList, LocationFile> = compressLocationLists(),
): void {
  mkdirSync(dir, { recursive: true });
  for (const [list, file] of lists) {
    // The plain file last: its presence says the set is complete.
    for (const [suffix, body] of [
      ['.br', file.br],
      ['.gz', file.gzip],
      ['', file.json],
    ] as const) {
      const target = fileOf(dir, list) + suffix;
      writeFileSync(`${target}.tmp`, body);
      renameSync(`${target}.tmp`, target);
    }
  }
}

export function hasLocationFiles(dir = LOCATIONS_DIR): boolean {
  return LOCATION_LISTS.every((list) => existsSync(fileOf(dir, list)));
}

export function readLocationFile(list: LocationList, dir = LOCATIONS_DIR): LocationFile {
  const json = readFileSync(fileOf(dir, list));
  return {
    json,
    br: readFileSync(`${fileOf(dir, list)}.br`),
    gzip: readFileSync(`${fileOf(dir, list)}.gz`),
    etag: etagOf(json),
  };
}
