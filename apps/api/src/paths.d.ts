/**
 * apps/api, found from this module. It sits one folder below apps/api both as source (src/paths.ts) and in the
 * compiled build (dist/*.js is flat), so the same expression holds in development and in production.
 */
export declare const API_ROOT: string;
/** The repository root, so relative paths (DATA_DIR, WEB_DIST_DIR) do not depend on the working directory. */
export declare const REPO_ROOT: string;
