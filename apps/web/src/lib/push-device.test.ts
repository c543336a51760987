import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const post = vi.fn(async (path: string, _body: unknown, options: { accessToken?: string }) => {
  calls.push(`POST ${path} as ${options.accessToken ?? 'current'}`);
  return { id: 'device-1', endpoint: 'https://push.example/1', createdAt: '2026-11-26T00:00:00.000Z' };
});
const del = vi.fn(async (path: string, id: string, options: { accessToken?: string }) => {
  calls.push(`DELETE ${path}/${id} as ${options.accessToken ?? 'current'}`);
  return {};
});
vi.mock('./api-client', () => ({ post, del }));

const { forgetPushDevice } = await import('./push-device');

function browserWith(subscription: { toJSON(): unknown; unsubscribe(): Promise<boolean> } | null) {
  vi.stubGlobal('navigator', {
    serviceWorker: {
      getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }),
    },
  });
}

function subscription() {
  return {
    toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } }),
    unsubscribe: vi.fn(async () => {
      calls.push('browser unsubscribe');
      return true;
    }),
  };
}

afterEach(() => {
  calls.length = 0;
  vi.unstubAllGlobals();
});

describe('forgetPushDevice', () => {
  it("deletes this device on the API with the given session, then drops the browser's subscription", async () => {
    browserWith(subscription());
    await forgetPushDevice('session-token');
    expect(calls).toEqual([
      'POST push-subscriptions as session-token',
      'DELETE push-subscriptions/device-1 as session-token',
      'browser unsubscribe',
    ]);
  });

  it('does nothing when this browser has no push subscription', async () => {
    browserWith(null);
    await forgetPushDevice('session-token');
    expect(calls).toEqual([]);
  });

  it('still drops the browser subscription when the API cannot be reached', async () => {
    browserWith(subscription());
    post.mockRejectedValueOnce(new Error('offline'));
    await expect(forgetPushDevice('session-token')).rejects.toThrow('offline');
    expect(calls).toEqual(['browser unsubscribe']);
  });
});
