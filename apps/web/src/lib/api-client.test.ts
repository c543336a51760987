import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@postwise/shared/api-types';
import { useUserStore } from '../stores/user-store';
import {
  ApiError,
  TIMEOUT_TEXT,
  buildPageQuery,
  downloadBlob,
  envelopeErrorText,
  failedRequestText,
  get,
  getPage,
  post,
  setSessionLostHandler,
  unwrapEnvelope,
} from './api-client';
import { showError, errorText } from './toast';
import { isToasterRequested } from './toaster-demand';
import { signOutFully } from '../test/session';

const user = {
  id: 'u1',
  email: 'user@example.com',
  role: { code: 'USER' },
  accountType: 'both',
  personal: { fullName: 'Ada Lovelace' },
  configuration: { lightLogo: null, darkLogo: null },
} as unknown as User;

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  signOutFully();
});

afterEach(() => {
  vi.unstubAllGlobals();
  setSessionLostHandler(() => undefined);
});

function lastRequest(): { url: string; init: RequestInit } {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  return { url: String(call[0]), init: call[1] ?? {} };
}

describe('getPage: the server page input (spec 7)', () => {
  it('flattens the query sub-object into the paging fields and drops empty values', () => {
    expect(
      buildPageQuery({
        pageNo: 2,
        pageSize: 10,
        query: { search: 'ada', status: '', plan: null, tags: [], archived: false, min: 0, missing: undefined },
      }),
    ).toEqual({ pageNo: 2, pageSize: 10, search: 'ada', archived: false, min: 0 });
  });

  it('sends the flattened query and answers the whole paged envelope', async () => {
    const page = { isSuccess: true, items: [{ id: 'a' }], pageNo: 1, pageSize: 10, total: 1 };
    fetchMock.mockResolvedValueOnce(jsonResponse(page));
    const result = await getPage<{ id: string }>('customers', { pageNo: 1, pageSize: 10, query: { q: 'x', y: '' } });
    expect(result).toEqual(page);
    expect(lastRequest().url).toBe('/api/v1/customers?pageNo=1&pageSize=10&q=x');
  });
});

describe('request headers (spec 7)', () => {
  it('sends JSON and no-cache headers, the access token as x-access-Token, and no cookies', async () => {
    useUserStore.getState().login({ accessToken: 'tok-123', user });
    fetchMock.mockResolvedValueOnce(jsonResponse({ isSuccess: true, data: { ok: true } }));
    await post('things', { a: 1 });
    const { url, init } = lastRequest();
    const headers = init.headers as Record<string, string>;
    expect(url).toBe('/api/v1/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(init.body).toBe('{"a":1}');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers.Pragma).toBe('no-cache');
    expect(headers['x-access-Token']).toBe('tok-123');
  });
});

describe('envelope unwrapping (spec 7)', () => {
  it('answers data for a single answer', () => {
    expect(unwrapEnvelope({ isSuccess: true, data: { id: 'x' } })).toEqual({ id: 'x' });
  });

  it('answers the whole envelope when it carries items', () => {
    const env = { isSuccess: true, items: [], pageNo: 1, pageSize: 10, total: 0 };
    expect(unwrapEnvelope(env)).toBe(env);
  });

  it('throws an ApiError when isSuccess is false', () => {
    expect(() => unwrapEnvelope({ isSuccess: false, message: 'Nope', code: 'X' })).toThrow(ApiError);
  });
});

describe('error text rules (spec 8)', () => {
  it('an isSuccess false envelope fails with error, else message, else code, else Server error', () => {
    expect(envelopeErrorText({ isSuccess: false, error: 'E', message: 'M', code: 'C' })).toBe('E');
    expect(envelopeErrorText({ isSuccess: false, message: 'M', code: 'C' })).toBe('M');
    expect(envelopeErrorText({ isSuccess: false, code: 'C' })).toBe('C');
    expect(envelopeErrorText({ isSuccess: false })).toBe('Server error');
  });

  it('a failed request reads the server message, else status text, else the error message, else Server error', () => {
    expect(failedRequestText({ body: { message: 'M' }, statusText: 'Bad Request', error: new Error('E') })).toBe('M');
    expect(failedRequestText({ body: {}, statusText: 'Bad Request', error: new Error('E') })).toBe('Bad Request');
    expect(failedRequestText({ statusText: '', error: new Error('E') })).toBe('E');
    expect(failedRequestText({})).toBe('Server error');
  });

  it('rejects a failed HTTP call with the server message, status and code', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ isSuccess: false, message: 'Email is invalid.', code: 'VALIDATION_ERROR' }, { status: 422 }),
    );
    const error = await post('auths/register/email', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Email is invalid.');
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
  });

  it('rejects a network failure with the error message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(get('anything')).rejects.toThrow('Failed to fetch');
  });

  it('shows an Error as its message and any other value as text', () => {
    expect(errorText(new Error('Boom'))).toBe('Boom');
    expect(errorText('plain text')).toBe('plain text');
    expect(errorText({ code: 1 })).toBe('{"code":1}');
    // The toast itself shows once react-hot-toast and the toaster have loaded (lib/toast.ts).
    showError(new Error('Boom'));
    expect(isToasterRequested()).toBe(true);
  });
});

/** A spy set as the handler the client calls when it ends the session. */
function watchSessionLoss() {
  const redirect = vi.fn();
  setSessionLostHandler(redirect);
  return redirect;
}

/** Signed in as the test user, with the session-loss handler watched. */
function signInWatchingSessionLoss() {
  const redirect = watchSessionLoss();
  useUserStore.getState().login({ accessToken: 'tok', user });
  return redirect;
}

describe('session loss (spec 8)', () => {
  it('logs out and redirects on HTTP 401', async () => {
    const redirect = signInWatchingSessionLoss();
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ isSuccess: false, message: 'Session expired', code: 'SESSION_EXPIRED' }, { status: 401 }),
    );
    await expect(get('auths/me')).rejects.toThrow('Session expired');
    expect(useUserStore.getState().authenticated).toBe(false);
    expect(useUserStore.getState().session).toBeNull();
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('logs out on a Token Expired message even with HTTP 200', async () => {
    const redirect = signInWatchingSessionLoss();
    fetchMock.mockResolvedValueOnce(jsonResponse({ isSuccess: false, message: 'Token Expired' }));
    await expect(get('subscriptions/my')).rejects.toThrow('Token Expired');
    expect(useUserStore.getState().authenticated).toBe(false);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('logs out on HTTP 403', async () => {
    const redirect = signInWatchingSessionLoss();
    fetchMock.mockResolvedValueOnce(jsonResponse({ isSuccess: false, message: 'Forbidden' }, { status: 403 }));
    await expect(get('sub-admins')).rejects.toThrow('Forbidden');
    expect(useUserStore.getState().authenticated).toBe(false);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('keeps the session on a 403 CONFIGURATION_LOCKED and locks the Configuration tab again', async () => {
    const redirect = signInWatchingSessionLoss();
    useUserStore.getState().setConfigurationUnlocked(true);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          isSuccess: false,
          message: 'Unlock the Configuration tab with your password first.',
          code: 'CONFIGURATION_LOCKED',
        },
        { status: 403 },
      ),
    );
    await expect(get('settings/account')).rejects.toThrow('Unlock the Configuration tab with your password first.');
    expect(useUserStore.getState().authenticated).toBe(true);
    expect(useUserStore.getState().configurationUnlocked).toBe(false);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('leaves the session alone when the call opts out (the login call answers 401 for wrong credentials)', async () => {
    const redirect = signInWatchingSessionLoss();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { isSuccess: false, message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
        { status: 401 },
      ),
    );
    await expect(post('auths/login', {}, { skipSessionCheck: true })).rejects.toThrow('Invalid email or password');
    expect(useUserStore.getState().authenticated).toBe(true);
    expect(redirect).not.toHaveBeenCalled();
  });

  it('keeps the admin signed in when a page of an account left by Exit answers 401 after the switch back', async () => {
    const redirect = watchSessionLoss();
    const admin = { ...user, id: 'a1', role: { code: 'SUPER_ADMIN' } } as unknown as User;
    useUserStore.getState().login({ accessToken: 'admin-token', user: admin });
    useUserStore.getState().accessAccount({ accessToken: 'acting-token', user });
    // The accessed account's dashboard asks while the admin exits; the server ends that acting session first.
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const inFlight = get('dashboard');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(new Headers(lastRequest().init.headers).get('x-access-token')).toBe('acting-token');
    useUserStore.getState().revert();
    answer(jsonResponse({ isSuccess: false, message: 'Session expired' }, { status: 401 }));
    await expect(inFlight).rejects.toThrow('Session expired');
    expect(useUserStore.getState().authenticated).toBe(true);
    expect(useUserStore.getState().session?.accessToken).toBe('admin-token');
    expect(redirect).not.toHaveBeenCalled();

    // The same answer to a request sent with the session in use still ends it.
    fetchMock.mockResolvedValueOnce(jsonResponse({ isSuccess: false, message: 'Session expired' }, { status: 401 }));
    await expect(get('dashboard')).rejects.toThrow('Session expired');
    expect(useUserStore.getState().authenticated).toBe(false);
    expect(redirect).toHaveBeenCalledTimes(1);
  });

  it('still ends the session on a 401 to a call that carried a token of its own (an expired onboarding token)', async () => {
    const redirect = watchSessionLoss();
    fetchMock.mockResolvedValueOnce(jsonResponse({ isSuccess: false, message: 'Token Expired' }, { status: 401 }));
    await expect(post('auths/account-type', {}, { accessToken: 'onboarding-token' })).rejects.toThrow('Token Expired');
    expect(new Headers(lastRequest().init.headers).get('x-access-token')).toBe('onboarding-token');
    expect(redirect).toHaveBeenCalledTimes(1);
  });
});

describe('timeout and downloads (spec 7)', () => {
  it('gives up after 60000 ms', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementationOnce(
        (_url, init) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      );
      const pending = get('slow').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(59_999);
      expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await pending;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(TIMEOUT_TEXT);
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves a downloaded blob under the given name, or downloaded_file by default', async () => {
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    fetchMock.mockImplementation(async () => new Response('pdf-bytes', { status: 200 }));
    await downloadBlob('invoices/1/pdf', 'invoice-1.pdf');
    await downloadBlob('invoices/2/pdf');
    expect(names).toEqual(['invoice-1.pdf', 'downloaded_file']);
    click.mockRestore();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });
});
