import { post } from '../../../lib/api-client';

/** POST auths/logout revokes the session server-side; the client clears its stores regardless. */
export async function logoutRequest(accessToken: string | null): Promise<void> {
  if (!accessToken) return;
  await post<unknown>('auths/logout', undefined, { accessToken, skipSessionCheck: true });
}
