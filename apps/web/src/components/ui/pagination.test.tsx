import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pagination, pageWindow } from './pagination';

afterEach(cleanup);

function renderPager(pageNo: number, total: number, pageSize = 10) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <Pagination
      pageNo={pageNo}
      pageSize={pageSize}
      total={total}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  return {
    onPageChange,
    onPageSizeChange,
    previous: screen.getByRole('button', { name: /Previous/ }) as HTMLButtonElement,
    next: screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement,
  };
}

describe('Pagination (spec 4)', () => {
  it('disables Previous on page 1', () => {
    const { previous, next } = renderPager(1, 35);
    expect(previous.disabled).toBe(true);
    expect(next.disabled).toBe(false);
  });

  it('disables Next on the last page', () => {
    const { previous, next } = renderPager(4, 35);
    expect(previous.disabled).toBe(false);
    expect(next.disabled).toBe(true);
  });

  it('disables both when everything fits on one page', () => {
    const { previous, next } = renderPager(1, 0);
    expect(previous.disabled && next.disabled).toBe(true);
    expect(screen.getByText('No results')).toBeTruthy();
  });

  it('moves one page at a time and reports the range shown', () => {
    const { next, previous, onPageChange } = renderPager(2, 35);
    expect(screen.getByText('Showing 11–20 of 35')).toBeTruthy();
    fireEvent.click(next);
    fireEvent.click(previous);
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('treats an out-of-range page as the last one', () => {
    const { next } = renderPager(9, 35);
    expect(next.disabled).toBe(true);
    expect(screen.getByText('Showing 31–35 of 35')).toBeTruthy();
  });

  it('reports a new page size', () => {
    const { onPageSizeChange } = renderPager(3, 100);
    fireEvent.change(screen.getByLabelText('Rows per page'), { target: { value: '20' } });
    expect(onPageSizeChange).toHaveBeenCalledWith(20);
  });

  it('says "about" while the total is an estimate, and the exact figure once it arrives', () => {
    const onPageChange = vi.fn();
    const pager = (total: number, totalIsEstimate?: boolean) => (
      <Pagination
        pageNo={1}
        pageSize={10}
        total={total}
        totalIsEstimate={totalIsEstimate}
        onPageChange={onPageChange}
      />
    );
    const { rerender } = render(pager(998_214, true));
    expect(screen.getByText('Showing 1–10 of about 998,214')).toBeTruthy();
    expect(screen.getByText('Page 1 of about 99,822')).toBeTruthy();
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(false);
    rerender(pager(1_000_000));
    expect(screen.getByText('Showing 1–10 of 1,000,000')).toBeTruthy();
    expect(screen.getByText('Page 1 of 100,000')).toBeTruthy();
    expect(screen.queryByText(/about/)).toBeNull();
  });

  it('shows first, last and the neighbours of the current page with gaps', () => {
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
});
