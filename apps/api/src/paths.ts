import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/api, found from this module. It sits one folder below apps/api both as source (src/paths.ts) and in the
 * compiled build (dist/*.js is flat), so the same expression holds in development and in production.
 */
export const API_ROOT = path.resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The repository root, so relative paths (DATA_DIR, WEB_DIST_DIR) do not depend on the working directory. */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
