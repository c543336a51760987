import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../constants';

/** Server page input of spec 7 (query flattened): pageNo from 1, pageSize default 10. */
export const pageQuerySchema = z.object({
  pageNo: z.coerce.number().int().min(1).default(FIRST_PAGE),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

/** Shared paging rules of spec 4: page stays within 1..totalPages (zod-free, see page-math.ts). */
export { clampPage, totalPages } from '../page-math';
