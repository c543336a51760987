import {
  ACCESS_TOKEN_HEADER,
  API_BASE_PATH,
  DEFAULT_DOWNLOAD_NAME,
  REQUEST_TIMEOUT_MS,
  SESSION_LOST_MESSAGES,
} from '@postwise/shared/constants';
import { ERROR_CODES, type ApiPage } from '@postwise/shared/api-types';
import { useUserStore } from '../stores/user-store';
import { toFormData } from './form-data';

/** A failed call: `message` follows the text rules of spec 8; status is 0 when no answer came. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(message: string, options: { status: number; code?: string; body?: unknown }) {
    super(message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.body = options.body;
  }
}

export const SERVER_ERROR_TEXT = 'Server error';
export const TIMEOUT_TEXT = 'Request timed out. Please try again.';

interface EnvelopeLike {
  isSuccess?: boolean;
  data?: unknown;
  items?: unknown;
  error?: unknown;
  message?: unknown;
  code?: unknown;
}

function asEnvelope(body: unknown): EnvelopeLike | null {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as EnvelopeLike) : null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Spec 8: an envelope with isSuccess false fails with error, else message, else code, else 'Server error'. */
export function envelopeErrorText(body: unknown): string {
  const env = asEnvelope(body);
  return text(env?.error) ?? text(env?.message) ?? text(env?.code) ?? SERVER_ERROR_TEXT;
}

/** Spec 8: a failed request reads the server message, else the status text, else the error message. */
export function failedRequestText(input: { body?: unknown; statusText?: string; error?: unknown }): string {
  const serverMessage = text(asEnvelope(input.body)?.message);
  const errorMessage = input.error instanceof Error ? text(input.error.message) : undefined;
  return serverMessage ?? text(input.statusText) ?? errorMessage ?? SERVER_ERROR_TEXT;
}

/** Spec 7: the whole envelope when it carries items, else its data. Throws on isSuccess false. */
export function unwrapEnvelope<T>(body: unknown, status = 200): T {
  const env = asEnvelope(body);
  if (!env || !('isSuccess' in env)) return body as T;
  if (env.isSuccess === false) {
    throw new ApiError(envelopeErrorText(env), { status, code: text(env.code), body });
  }
  if (env.items !== undefined) return env as T;
  return env.data as T;
}

/**
 * Spec 8: HTTP 401/403, or the messages 'Token Expired' / 'Session expired', mean the session is gone. Not a 403
 * CONFIGURATION_LOCKED: the session lives, only its Configuration unlock has ended (see isConfigurationLocked).
 */
export function isSessionLost(status: number, body: unknown): boolean {
  if (isConfigurationLocked(status, body)) return false;
  if (status === 401 || status === 403) return true;
  const message = asEnvelope(body)?.message;
  return typeof message === 'string' && (SESSION_LOST_MESSAGES as readonly string[]).includes(message);
}

/** The server's Configuration unlock of this session is missing or timed out (spec 2.3): lock the tab again. */
export function isConfigurationLocked(status: number, body: unknown): boolean {
  return status === 403 && asEnvelope(body)?.code === ERROR_CODES.CONFIGURATION_LOCKED;
}

let sessionLostHandler: () => void = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/** The app registers a router-based redirect here; the default reloads onto /login. */
export function setSessionLostHandler(handler: () => void): void {
  sessionLostHandler = handler;
}

/**
 * Applies the session-loss rule to an answer. A request that carried the stored session (`session`: its token when
 * sent) ends the session only if that is still the one in use: a request sent as an account left since (Exit of
 * account access ends that acting session on the server, and its page's requests still in flight then answer 401)
 * says nothing about the current one. A request that carried a token of its own (`session` null: onboarding, a
 * token just issued) applies the rule as it is.
 */
function handleSessionLost(session: string | undefined | null): void {
  if (session !== null && session !== currentToken()) return;
  useUserStore.getState().logout();
  sessionLostHandler();
}

function currentToken(): string | undefined {
  return useUserStore.getState().session?.accessToken ?? undefined;
}

/** The token a request carries, and the stored session it stands for (null when the caller gave its own token). */
function sendingToken(accessToken: string | undefined): {
  token: string | undefined;
  session: string | undefined | null;
} {
  if (accessToken !== undefined) return { token: accessToken, session: null };
  const session = currentToken();
  return { token: session, session };
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];
export type QueryParams = Record<string, unknown>;

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Drops empty values (undefined, null, blank strings, empty arrays); keeps 0 and false. */
export function compactParams(params: QueryParams): QueryParams {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => !isEmpty(v)));
}

export function toSearchParams(params: QueryParams = {}): URLSearchParams {
  const search = new URLSearchParams();
  Object.entries(compactParams(params)).forEach(([key, value]) => {
    if (Array.isArray(value)) value.forEach((v) => search.append(key, String(v)));
    else if (value instanceof Date) search.append(key, value.toISOString());
    else if (typeof value === 'object') search.append(key, JSON.stringify(value));
    else search.append(key, String(value));
  });
  return search;
}

/** Server page input of spec 7: paging fields plus a `query` sub-object that is flattened into them. */
export interface PageInput {
  pageNo?: number;
  pageSize?: number;
  query?: QueryParams;
  [key: string]: unknown;
}

/** Flattens the page input's `query` into the top level and drops empty values (spec 7). */
export function buildPageQuery(page: PageInput): QueryParams {
  const { query, ...rest } = page;
  return compactParams({ ...rest, ...(query ?? {}) });
}

const apiBase = `${(import.meta.env?.VITE_API_ORIGIN as string | undefined) ?? ''}${API_BASE_PATH}/`;

export function apiUrl(path: string, params?: QueryParams): string {
  const search = params ? toSearchParams(params).toString() : '';
  return `${apiBase}${path.replace(/^\/+/, '')}${search ? `?${search}` : ''}`;
}

export interface RequestOptions {
  query?: QueryParams;
  /** Plain values are sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  /** Use this token instead of the stored one (e.g. right after login, before the session is stored). */
  accessToken?: string;
  /**
   * Leave a 401/403 alone instead of logging out: the login call answers 401 for a wrong password and
   * must show that message (spec 8).
   */
  skipSessionCheck?: boolean;
  timeoutMs?: number;
  /** Extra request headers (e.g. an Idempotency-Key so a retried purchase is charged once). */
  headers?: Record<string, string>;
}

function baseHeaders(token: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'Cache-Control': 'no-cache',
    Pragma: 'no-cache',
    Accept: 'application/json',
  };
  if (token) headers[ACCESS_TOKEN_HEADER] = token;
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (!raw) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

interface Sent {
  /** The stored session the request carried (see handleSessionLost), or null for a token of its own. */
  session: string | undefined | null;
  skipSessionCheck?: boolean;
}

/** Turns an answer into data or an ApiError, applying the session-loss rule. */
function settle<T>(status: number, statusText: string, body: unknown, sent: Sent): T {
  const ok = status >= 200 && status < 300;
  if (!sent.skipSessionCheck && isSessionLost(status, body)) handleSessionLost(sent.session);
  // The guard of the Configuration pages then sends the user back and the group asks for the password again.
  if (isConfigurationLocked(status, body)) useUserStore.getState().setConfigurationUnlocked(false);
  if (!ok) {
    const env = asEnvelope(body);
    throw new ApiError(failedRequestText({ body, statusText }), { status, code: text(env?.code), body });
  }
  return unwrapEnvelope<T>(body, status);
}

/** Sends with `token` (the caller's, else the stored session's at the time of sending). */
async function send(
  method: string,
  path: string,
  options: RequestOptions,
  token: string | undefined,
): Promise<Response> {
  const { query, body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const headers = { ...baseHeaders(token), ...options.headers };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (method !== 'GET' && method !== 'HEAD') {
    // A JSON content type with an empty body is rejected by the server, so bodiless writes send {}.
    payload = JSON.stringify(body ?? {});
  }
  if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort();
  signal?.addEventListener('abort', onAbort);
  try {
    return await fetch(apiUrl(path, query), {
      method,
      headers,
      body: payload,
      credentials: 'omit',
      cache: 'no-store',
      signal: controller.signal,
    });
  } catch (error) {
    if (timedOut) throw new ApiError(TIMEOUT_TEXT, { status: 0 });
    if (signal?.aborted) throw error;
    throw new ApiError(failedRequestText({ error }), { status: 0 });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** One call through the spec 7 client; resolves to the unwrapped envelope. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const { token, session } = sendingToken(options.accessToken);
  const response = await send(method, path, options, token);
  const body = await readBody(response);
  return settle<T>(response.status, response.statusText, body, { session, skipSessionCheck: options.skipSessionCheck });
}

export function get<T>(path: string, query?: QueryParams, options: Omit<RequestOptions, 'query'> = {}): Promise<T> {
  return request<T>('GET', path, { ...options, query });
}

export function post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body'> = {}): Promise<T> {
  return request<T>('POST', path, { ...options, body });
}

/** Multipart POST: nested objects with dotted keys, arrays with indexed keys (spec 7). */
export function postMultipart<T>(
  path: string,
  data: Record<string, unknown>,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return request<T>('POST', path, { ...options, body: toFormData(data) });
}

export function put<T>(
  path: string,
  id: string,
  body: unknown,
  options: Omit<RequestOptions, 'body'> = {},
): Promise<T> {
  return request<T>('PUT', `${path.replace(/\/+$/, '')}/${encodeURIComponent(id)}`, { ...options, body });
}

/** GET of a paged list: the page input's query flattened, empty values dropped; answers the whole envelope. */
export function getPage<T>(path: string, page: PageInput, options: Omit<RequestOptions, 'query'> = {}) {
  return request<ApiPage<T>>('GET', path, { ...options, query: buildPageQuery(page) });
}

export function getById<T>(path: string, id: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('GET', `${path.replace(/\/+$/, '')}/${encodeURIComponent(id)}`, options);
}

/** GET answering plain text (e.g. HTML content). */
export async function getText(path: string, query?: QueryParams, options: RequestOptions = {}): Promise<string> {
  const { token, session } = sendingToken(options.accessToken);
  const response = await send('GET', path, { ...options, query }, token);
  if (!options.skipSessionCheck && isSessionLost(response.status, undefined)) handleSessionLost(session);
  if (!response.ok) {
    const body = await readBody(response);
    throw new ApiError(failedRequestText({ body, statusText: response.statusText }), {
      status: response.status,
      body,
    });
  }
  return response.text();
}

export function del<T>(path: string, id: string, options: RequestOptions = {}): Promise<T> {
  return request<T>('DELETE', `${path.replace(/\/+$/, '')}/${encodeURIComponent(id)}`, options);
}

type ProgressOptions = Pick<RequestOptions, 'accessToken' | 'skipSessionCheck' | 'query' | 'timeoutMs' | 'headers'>;

/** POST of a FormData through XMLHttpRequest, because fetch cannot report upload progress. */
function postFormWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: ((percent: number) => void) | undefined,
  options: ProgressOptions,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { token, session } = sendingToken(options.accessToken);
    xhr.open('POST', apiUrl(path, options.query));
    xhr.timeout = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    xhr.withCredentials = false;
    Object.entries({ ...baseHeaders(token), ...options.headers }).forEach(([k, v]) => xhr.setRequestHeader(k, v));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded * 100) / event.total));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        // plain-text answer
      }
      try {
        onProgress?.(100);
        resolve(settle<T>(xhr.status, xhr.statusText, body, { session, skipSessionCheck: options.skipSessionCheck }));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(failedRequestText({ statusText: xhr.statusText }), { status: 0 }));
    xhr.ontimeout = () => reject(new ApiError(TIMEOUT_TEXT, { status: 0 }));
    xhr.send(form);
  });
}

/**
 * Single-file upload in the form field 'media' (spec 7), reporting progress as a whole percentage.
 */
export function uploadFile<T>(
  path: string,
  file: Blob,
  onProgress?: (percent: number) => void,
  options: ProgressOptions & { fields?: Record<string, unknown> } = {},
): Promise<T> {
  const form = options.fields ? toFormData(options.fields) : new FormData();
  if (typeof File !== 'undefined' && file instanceof File) form.append('media', file, file.name);
  else form.append('media', file);
  return postFormWithProgress<T>(path, form, onProgress, options);
}

/**
 * Several files in the form field 'media' (e.g. an envelope's front and back), after the other fields, reporting
 * upload progress as a whole percentage.
 */
export function uploadFiles<T>(
  path: string,
  files: readonly Blob[],
  onProgress?: (percent: number) => void,
  options: ProgressOptions & { fields?: Record<string, unknown> } = {},
): Promise<T> {
  const form = options.fields ? toFormData(options.fields) : new FormData();
  files.forEach((file) => {
    if (typeof File !== 'undefined' && file instanceof File) form.append('media', file, file.name);
    else form.append('media', file);
  });
  return postFormWithProgress<T>(path, form, onProgress, options);
}

/** Multipart POST (dotted and indexed keys, spec 7) with several files, reporting upload progress. */
export function postMultipartWithProgress<T>(
  path: string,
  data: Record<string, unknown>,
  onProgress?: (percent: number) => void,
  options: ProgressOptions = {},
): Promise<T> {
  return postFormWithProgress<T>(path, toFormData(data), onProgress, options);
}

/** GET of a file as a blob, saved to the device under the given name (default 'downloaded_file', spec 7). */
export async function downloadBlob(
  path: string,
  fileName: string = DEFAULT_DOWNLOAD_NAME,
  query?: QueryParams,
  options: RequestOptions = {},
): Promise<Blob> {
  const { token, session } = sendingToken(options.accessToken);
  const response = await send('GET', path, { ...options, query }, token);
  if (!response.ok) {
    const body = await readBody(response);
    settle(response.status, response.statusText, body, { session, skipSessionCheck: options.skipSessionCheck });
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName || DEFAULT_DOWNLOAD_NAME;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return blob;
}

/** The spec 7 client as one object, for call sites that prefer `api.post(...)`. */
export const api = {
  request,
  get,
  post,
  postMultipart,
  put,
  getPage,
  getById,
  getText,
  delete: del,
  uploadFile,
  postMultipartWithProgress,
  downloadBlob,
};
