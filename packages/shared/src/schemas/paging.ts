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

/** Totals up to this are counted exactly on every call; above it a total may be cached (30 s) or estimated. */
export const EXACT_TOTAL_LIMIT = 10_000;

/**
 * The spec 7 paged envelope of `item` (what the API answers and documents for every paged list).
 * `totalIsEstimate` is an addition to the spec's envelope, present only while the total is an estimate.
 */
export function pageEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({
    isSuccess: z.literal(true),
    items: z.array(item),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z
      .number()
      .int()
      .meta({
        description:
          `Rows under the filters. Exact up to ${EXACT_TOTAL_LIMIT.toLocaleString('en-US')}; a larger total is ` +
          'counted exactly once per filter and cached for 30 s per server process (and recounted in the background), ' +
          'or, while it is counted for the first time, estimated (see totalIsEstimate).',
      }),
    totalIsEstimate: z
      .boolean()
      .optional()
      .meta({
        description:
          `Present and true when total is an estimate: more than ${EXACT_TOTAL_LIMIT.toLocaleString('en-US')} rows ` +
          "whose exact count is still running (the planner's estimate, at least " +
          `${(EXACT_TOTAL_LIMIT + 1).toLocaleString('en-US')}). Absent when total is exact; ask again for the exact figure.`,
      }),
  });
}
