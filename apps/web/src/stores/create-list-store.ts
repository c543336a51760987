import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '@postwise/shared/constants';
import { clampPage } from '@postwise/shared/page-math';

export type ListFilters = Record<string, unknown>;

/** What a paged answer carries (spec 3: pageNo, pageSize, items and total). */
export interface PageResult<T> {
  items: T[];
  total: number;
  pageNo?: number;
  pageSize?: number;
}

export interface ListState<T, F extends ListFilters = ListFilters> {
  entities: T[];
  pageNo: number;
  pageSize: number;
  totalRecords: number;
  filters: F;
  /** Moves to a page, kept within 1..total pages (spec 4). */
  setPage: (pageNo: number) => void;
  /** Changing the page size goes back to page 1 (spec 4). */
  setPageSize: (pageSize: number) => void;
  /** Changing filters goes back to page 1 (spec 4). Merges into the current filters. */
  setFilters: (filters: Partial<F>) => void;
  /** Stores a page the server answered. */
  setResult: (result: PageResult<T>) => void;
  setEntities: (entities: T[]) => void;
  reset: () => void;
}

export type ListStore<T, F extends ListFilters = ListFilters> = UseBoundStore<StoreApi<ListState<T, F>>>;

const registry = new Map<string, () => void>();

/**
 * A paged-list store (spec 3 "List stores"). Every store made here is registered so logout can reset
 * them all (spec 4).
 */
export function createListStore<T, F extends ListFilters = ListFilters>(
  name: string,
  initialFilters: F = {} as F,
): ListStore<T, F> {
  const initial = () => ({
    entities: [] as T[],
    pageNo: FIRST_PAGE,
    pageSize: DEFAULT_PAGE_SIZE,
    totalRecords: 0,
    filters: { ...initialFilters },
  });
  const store = create<ListState<T, F>>()((set) => ({
    ...initial(),
    setPage: (pageNo) => set((s) => ({ pageNo: clampPage(pageNo, s.totalRecords, s.pageSize) })),
    setPageSize: (pageSize) => set({ pageSize: Math.max(1, Math.floor(pageSize)), pageNo: FIRST_PAGE }),
    setFilters: (filters) => set((s) => ({ filters: { ...s.filters, ...filters }, pageNo: FIRST_PAGE })),
    setResult: ({ items, total, pageNo, pageSize }) =>
      set((s) => {
        const size = pageSize ?? s.pageSize;
        return {
          entities: items,
          totalRecords: total,
          pageSize: size,
          pageNo: clampPage(pageNo ?? s.pageNo, total, size),
        };
      }),
    setEntities: (entities) => set({ entities }),
    reset: () => set(initial()),
  }));
  registry.set(name, () => store.getState().reset());
  return store;
}

/** Resets every list store (logout, spec 4). */
export function resetAllListStores(): void {
  registry.forEach((reset) => reset());
}

export function registeredListStores(): string[] {
  return [...registry.keys()];
}
