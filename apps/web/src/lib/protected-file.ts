import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_TOKEN_HEADER, API_BASE_PATH } from '@postwise/shared/constants';
import { useUserStore } from '../stores/user-store';
import { apiUrl } from './api-client';

/**
 * Files the API serves only to their owner (envelope photos, scans): an <img src> cannot carry the
 * x-access-Token header, so the file is fetched with it and shown through an object URL.
 */

/** An API path as the server answers it ("/api/v1/mail-items/…") or relative to the API base. */
export function protectedFileUrl(path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path.startsWith(`${API_BASE_PATH}/`)) return apiUrl(path.slice(API_BASE_PATH.length + 1));
  return apiUrl(path);
}

/** What the user reads when the server refuses the file or cannot find it. */
export interface ProtectedFileWording {
  forbidden: string;
  notFound: string;
}

const fileWording: ProtectedFileWording = { forbidden: 'You cannot open this file.', notFound: 'File not found' };

export async function fetchProtectedFile(path: string, wording: ProtectedFileWording = fileWording): Promise<Blob> {
  const token = useUserStore.getState().session?.accessToken;
  const response = await fetch(protectedFileUrl(path), {
    headers: token ? { [ACCESS_TOKEN_HEADER]: token } : {},
    credentials: 'omit',
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(response.status === 403 ? wording.forbidden : wording.notFound);
  return response.blob();
}

export const protectedFileKeys = {
  all: ['protected-file'] as const,
  file: (path: string) => [...protectedFileKeys.all, path] as const,
};

/** The file as an object URL for <img>/<iframe>; revoked when the component lets go of it. */
export function useProtectedObjectUrl(path: string | null | undefined) {
  const query = useQuery({
    queryKey: protectedFileKeys.file(path ?? ''),
    queryFn: () => fetchProtectedFile(path ?? ''),
    enabled: Boolean(path),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
    retry: 1,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [query.data]);
  return { url, isLoading: query.isLoading, isError: query.isError };
}

/**
 * Opens a protected file in a new tab. The tab opens within the click (no popup blocker) and is pointed at the
 * downloaded file when it arrives.
 */
export async function openProtectedFile(path: string, wording?: ProtectedFileWording): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await fetchProtectedFile(path, wording));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
