import { describe, expect, it } from 'vitest';
import { clampPage, totalPages } from './page-math';
import * as paging from './schemas/paging';

describe('page arithmetic (spec 4)', () => {
  it('counts at least one page', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(10, 10)).toBe(1);
    expect(totalPages(11, 10)).toBe(2);
    expect(totalPages(5, 0)).toBe(5);
  });

  it('keeps a page number within 1..total pages, flooring fractions', () => {
    expect(clampPage(-3, 50, 10)).toBe(1);
    expect(clampPage(Number.NaN, 50, 10)).toBe(1);
    expect(clampPage(2.7, 50, 10)).toBe(2);
    expect(clampPage(9, 50, 10)).toBe(5);
  });

  it('is the same rule the paging schema module exports', () => {
    expect(paging.clampPage).toBe(clampPage);
    expect(paging.totalPages).toBe(totalPages);
  });
});
