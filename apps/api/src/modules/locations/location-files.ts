import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { buildLocationRows, LOCATION_LISTS, type LocationList } from './build-lists';

/** Where the build writes the lists: generated, not committed (see .gitignore). */
export const LOCATIONS_DIR = fileURLToPath(new URL('../../../generated/locations/', import.meta.url));

export interface LocationFile {
  json: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

const fileOf = (dir: string, list: LocationList) => path.join(dir, `${list}.json`);

/**
 * Writes countries.json, states.json and cities.json with their brotli (.br) and gzip (.gz) copies, compressed
 * once here (the build uses strong settings) so no request ever compresses them. Each file is written under a
 * temporary name and renamed, so a reader never sees half a file.
 */
export function writeLocationFiles(dir = LOCATIONS_DIR, { brotliQuality = 11 } = {}): void {
  mkdirSync(dir, { recursive: true });
  const rows = buildLocationRows();
  for (const list of LOCATION_LISTS) {
    const json = Buffer.from(JSON.stringify(rows[list]));
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(json, {
          params: {
            // Level 10-11 on the 8 MB city list takes a minute for 15% less; level 9 takes seconds.
            [zlib.BROTLI_PARAM_QUALITY]: Math.min(brotliQuality, json.length > 1_000_000 ? 9 : 11),
            [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
          },
        }),
      ],
      ['.gz', gzipSync(json, { level: 9 })],
      ['', json],
    ];
    // The plain file last: its presence says the set is complete.
    for (const [suffix, body] of copies) {
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
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  };
}
