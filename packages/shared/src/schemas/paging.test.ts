import { describe, expect, it } from 'vitest';
import { clampPage, pageQuerySchema, totalPages } from './paging';

describe('paging rules of spec 4 and 9', () => {
  it('defaults to page 1 of size 10', () => {
    expect(pageQuerySchema.parse({})).toEqual({ pageNo: 1, pageSize: 10 });
    expect(pageQuerySchema.parse({ pageNo: '3', pageSize: '20' })).toEqual({ pageNo: 3, pageSize: 20 });
  });

  it('rejects page 0 and oversize pages', () => {
    expect(pageQuerySchema.safeParse({ pageNo: 0 }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ pageSize: 1000 }).success).toBe(false);
  });

  it('keeps the page within 1..total pages', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(21, 10)).toBe(3);
    expect(clampPage(5, 21, 10)).toBe(3);
    expect(clampPage(0, 21, 10)).toBe(1);
    expect(clampPage(2, 21, 10)).toBe(2);
  });
});
