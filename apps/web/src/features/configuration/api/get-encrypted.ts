import { get } from '../../../lib/api-client';

/** GET users/encrypted/{userId} (spec 7): whether the account's Configuration tab is password-protected. */
export function getEncrypted(userId: string): Promise<boolean> {
  return get<boolean>(`users/encrypted/${encodeURIComponent(userId)}`);
}
