import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { ApiError } from './api-client';
import { useUserStore } from '../stores/user-store';

/**
 * The few TanStack Query behaviours the public and guest pages use (docs/decisions/011-prerendering-compression-caching.md), small enough to keep TanStack Query and its provider out of their first download: a cached query
 * (fresh for `staleTime`, kept 5 minutes unobserved like TanStack's gcTime), a paged ("infinite") query and a
 * mutation's `mutateAsync`/`isPending`. Same defaults as lib/query-client.ts: one retry after a second for
 * network errors and 5xx, none for 4xx, fetches wait while offline, stale queries refetch on reconnect, none on
 * window focus. The signed-in pages keep TanStack Query (their layouts provide it).
 */

/** Client errors will not change on retry; network blips and 5xx get one more try (also lib/query-client.ts). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Shared with the TanStack client of the signed-in pages (lib/query-client.ts). */
export const DEFAULT_STALE_TIME = 30_000;
export const GC_TIME = 5 * 60_000;

interface QueryState<T> {
  status: 'pending' | 'success' | 'error';
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
  /** When data last arrived (0: never). */
  dataUpdatedAt: number;
}

interface Entry {
  state: QueryState<unknown>;
  listeners: Set<() => void>;
  promise: Promise<void> | null;
  /** The latest fetcher a mounted hook gave, for refetch on reconnect. */
  refetch: (() => Promise<void>) | null;
  staleTime: number;
  gcTimer: ReturnType<typeof setTimeout> | undefined;
}

const cache = new Map<string, Entry>();

const INITIAL: QueryState<never> = {
  status: 'pending',
  data: undefined,
  error: null,
  isFetching: false,
  dataUpdatedAt: 0,
};

function entryFor(key: string): Entry {
  let entry = cache.get(key);
  if (!entry) {
    entry = {
      state: INITIAL,
      listeners: new Set(),
      promise: null,
      refetch: null,
      staleTime: DEFAULT_STALE_TIME,
      gcTimer: undefined,
    };
    cache.set(key, entry);
  }
  return entry;
}

function setState(entry: Entry, patch: Partial<QueryState<unknown>>): void {
  entry.state = { ...entry.state, ...patch };
  for (const listener of entry.listeners) listener();
}

function isStale(entry: Entry): boolean {
  return entry.state.dataUpdatedAt === 0 || Date.now() - entry.state.dataUpdatedAt > entry.staleTime;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function whenOnline(): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/** Runs `load` once at a time per entry, retrying like TanStack (delay 1 s, then 2 s, ...), and stores the result. */
function fetchEntry(entry: Entry, load: () => Promise<unknown>, retry: boolean): Promise<void> {
  if (entry.promise) return entry.promise;
  setState(entry, { isFetching: true });
  const run = async () => {
    for (let failures = 0; ; failures++) {
      await whenOnline();
      try {
        const data = await load();
        setState(entry, { status: 'success', data, error: null, isFetching: false, dataUpdatedAt: Date.now() });
        return;
      } catch (error) {
        if (retry && shouldRetry(failures, error)) {
          await sleep(Math.min(1000 * 2 ** failures, 30_000));
          continue;
        }
        // Like TanStack: the error shows, data already there is kept.
        setState(entry, { status: 'error', error, isFetching: false });
        return;
      }
    }
  };
  entry.promise = run().finally(() => {
    entry.promise = null;
  });
  return entry.promise;
}

function subscribeTo(entry: Entry, listener: () => void): () => void {
  clearTimeout(entry.gcTimer);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0) return;
    entry.gcTimer = setTimeout(() => {
      if (entry.listeners.size === 0 && !entry.promise) {
        for (const [key, value] of cache) if (value === entry) cache.delete(key);
      }
    }, GC_TIME);
  };
}

/** Back online: observed queries whose data is stale fetch again (TanStack's refetchOnReconnect). */
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    for (const entry of cache.values()) if (entry.listeners.size > 0 && isStale(entry)) void entry.refetch?.();
  });
}

/** Cached data belongs to one account: drop it whenever the signed-in account changes (as the TanStack cache). */
useUserStore.subscribe((state, prev) => {
  if (state.session?.accessToken !== prev.session?.accessToken) clearLightQueries();
});

/** Forgets every cached query (also after prerendering, so no timer keeps the build alive). */
export function clearLightQueries(): void {
  for (const entry of cache.values()) clearTimeout(entry.gcTimer);
  cache.clear();
}

interface EntryOptions {
  queryKey: readonly unknown[];
  staleTime?: number;
  retry?: boolean;
}

/** The entry of a key, observed: re-renders on change, fetches on mount (and key change) when stale. */
function useEntry(options: EntryOptions, load: (entry: Entry) => Promise<void>) {
  const key = JSON.stringify(options.queryKey);
  const entry = entryFor(key);
  entry.staleTime = options.staleTime ?? DEFAULT_STALE_TIME;
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const subscribe = useCallback((listener: () => void) => subscribeTo(entry, listener), [entry]);
  const getState = () => entry.state;
  const state = useSyncExternalStore(subscribe, getState, getState);
  useEffect(() => {
    entry.refetch = () => loadRef.current(entry);
    if (isStale(entry)) void entry.refetch();
  }, [entry]);
  const refetch = useCallback(() => loadRef.current(entry), [entry]);
  return { entry, state, refetch };
}

export interface LightQueryOptions<T> extends EntryOptions {
  queryFn: () => Promise<T>;
}

interface LightQueryBase {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<void>;
}

/** Narrows like TanStack's result: past `isPending` and `isError`, `data` is there. */
export type LightQueryResult<T> = LightQueryBase &
  (
    | { status: 'pending'; isPending: true; isError: false; data: undefined }
    | { status: 'error'; isPending: false; isError: true; data: T | undefined }
    | { status: 'success'; isPending: false; isError: false; data: T }
  );

function result<T>(state: QueryState<unknown>, refetch: () => Promise<void>): LightQueryResult<T> {
  return {
    status: state.status,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isFetching: state.isFetching,
    refetch,
  } as LightQueryResult<T>;
}

/** A cached GET, as TanStack's `useQuery` for the fields the public pages read. */
export function useLightQuery<T>(options: LightQueryOptions<T>): LightQueryResult<T> {
  const retry = options.retry ?? true;
  const { state, refetch } = useEntry(options, (entry) => fetchEntry(entry, options.queryFn, retry));
  return result<T>(state, refetch);
}

export interface LightInfiniteData<TPage> {
  pages: TPage[];
  pageParams: number[];
}

export interface LightInfiniteQueryOptions<TPage> extends EntryOptions {
  queryFn: (context: { pageParam: number }) => Promise<TPage>;
  initialPageParam: number;
  getNextPageParam: (lastPage: TPage) => number | undefined;
}

export type LightInfiniteQueryResult<TPage> = LightQueryResult<LightInfiniteData<TPage>> & {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<void>;
};

/**
 * Page after page of a list, as TanStack's `useInfiniteQuery`: a refetch loads again every page shown so far,
 * the next page is appended.
 */
export function useLightInfiniteQuery<TPage>(
  options: LightInfiniteQueryOptions<TPage>,
): LightInfiniteQueryResult<TPage> {
  const retry = options.retry ?? true;
  const [isFetchingNextPage, setFetchingNextPage] = useState(false);
  const refetchAll = (entry: Entry) =>
    fetchEntry(
      entry,
      async () => {
        const shown = (entry.state.data as LightInfiniteData<TPage> | undefined)?.pages.length ?? 0;
        const data: LightInfiniteData<TPage> = { pages: [], pageParams: [] };
        let param: number | undefined = options.initialPageParam;
        while (param !== undefined) {
          data.pages.push(await options.queryFn({ pageParam: param }));
          data.pageParams.push(param);
          if (data.pages.length >= Math.max(shown, 1)) break;
          param = options.getNextPageParam(data.pages.at(-1) as TPage);
        }
        return data;
      },
      retry,
    );
  const { entry, state, refetch } = useEntry(options, refetchAll);
  const data = state.data as LightInfiniteData<TPage> | undefined;
  const lastPage = data?.pages.at(-1);
  const nextParam = lastPage === undefined ? undefined : options.getNextPageParam(lastPage);

  const fetchNextPage = async () => {
    if (nextParam === undefined || entry.promise) return;
    setFetchingNextPage(true);
    try {
      await fetchEntry(
        entry,
        async () => {
          const current = entry.state.data as LightInfiniteData<TPage>;
          const page = await options.queryFn({ pageParam: nextParam });
          return { pages: [...current.pages, page], pageParams: [...current.pageParams, nextParam] };
        },
        retry,
      );
    } finally {
      setFetchingNextPage(false);
    }
  };

  return {
    ...result<LightInfiniteData<TPage>>(state, refetch),
    hasNextPage: nextParam !== undefined,
    isFetchingNextPage,
    fetchNextPage,
  };
}
