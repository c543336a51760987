/**
 * Paging rules of spec 4 as plain arithmetic, free of zod so the web app's first bundle (list stores) does not pull
 * the schema library onto pages without forms. schemas/paging.ts re-exports them next to the query schema.
 */
export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** Page number kept within 1..totalPages (spec 4). */
export function clampPage(pageNo: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(pageNo) || 1), totalPages(total, pageSize));
}
