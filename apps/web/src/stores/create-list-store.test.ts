import { beforeEach, describe, expect, it } from 'vitest';
import { createListStore, registeredListStores, resetAllListStores } from './create-list-store';
import { listStores } from './list-stores';

const store = createListStore<{ id: string }>('test-list');

beforeEach(() => store.getState().reset());

function loadTotal(total: number) {
  store.getState().setResult({ items: [{ id: 'a' }], total });
}

describe('list store paging (spec 4)', () => {
  it('starts on page 1 with the default page size of 10', () => {
    const s = store.getState();
    expect([s.pageNo, s.pageSize, s.totalRecords, s.entities]).toEqual([1, 10, 0, []]);
  });

  it('keeps the page within 1..total pages', () => {
    loadTotal(35); // 4 pages of 10
    store.getState().setPage(3);
    expect(store.getState().pageNo).toBe(3);
    store.getState().setPage(9);
    expect(store.getState().pageNo).toBe(4);
    store.getState().setPage(0);
    expect(store.getState().pageNo).toBe(1);
    store.getState().setPage(-3);
    expect(store.getState().pageNo).toBe(1);
  });

  it('resets the page to 1 when the page size changes', () => {
    loadTotal(100);
    store.getState().setPage(5);
    store.getState().setPageSize(20);
    expect(store.getState().pageNo).toBe(1);
    expect(store.getState().pageSize).toBe(20);
  });

  it('resets the page to 1 when filters change, merging the filters', () => {
    loadTotal(100);
    store.getState().setFilters({ status: 'pending' });
    store.getState().setPage(4);
    store.getState().setFilters({ search: 'ada' });
    expect(store.getState().pageNo).toBe(1);
    expect(store.getState().filters).toEqual({ status: 'pending', search: 'ada' });
  });

  it('clamps a server page beyond the last one', () => {
    store.getState().setResult({ items: [], total: 15, pageNo: 7, pageSize: 10 });
    expect(store.getState().pageNo).toBe(2);
  });

  it('resetAllListStores resets every registered list, including the spec 3 stores', () => {
    loadTotal(50);
    store.getState().setPage(3);
    listStores.inbox.getState().setResult({ items: [{ id: 'm1' }], total: 1 });
    resetAllListStores();
    expect(store.getState().totalRecords).toBe(0);
    expect(store.getState().pageNo).toBe(1);
    expect(listStores.inbox.getState().entities).toEqual([]);
    expect(registeredListStores()).toEqual(expect.arrayContaining(['customers', 'inbox', 'faqs', 'test-list']));
  });
});
