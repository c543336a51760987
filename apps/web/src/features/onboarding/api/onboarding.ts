import type { User } from '@postwise/shared/api-types';
import type { AccountType } from '@postwise/shared/roles';
import { post, postMultipartWithProgress } from '../../../lib/api-client';
import { useRegisterStore } from '../../../stores/register-store';

/** The onboarding calls carry the applicant's onboarding token from register-storage. */
function token(): string {
  return useRegisterStore.getState().accessToken ?? '';
}

/** POST auths/account-type (spec 7). */
export function accountTypeRequest(userId: string, accountType: AccountType): Promise<User> {
  return post<User>('auths/account-type', { userId, accountType }, { accessToken: token() });
}

export interface AccountInfoPayload {
  userId: string;
  mailboxType?: 'personal' | 'business';
  personal: Record<string, string>;
  business?: Record<string, string>;
  isAuthorized?: boolean;
  authorizedIndividual?: Record<string, string>;
  isCourtProtected: boolean;
}

/** POST auths/account-info (spec 7): business only if business, authorizedIndividual only if authorized. */
export function accountInfoRequest(payload: AccountInfoPayload): Promise<User> {
  return post<User>('auths/account-info', payload, { accessToken: token() });
}

/** POST auths/sign-form (spec 7). */
export function signFormRequest(userId: string, signature: string): Promise<User> {
  return post<User>('auths/sign-form', { userId, signature }, { accessToken: token() });
}

export interface UploadDocumentsPayload {
  userId: string;
  photoId: string;
  photoIdFile: File;
  addressId: string;
  addressIdFile: File;
  authorizedPhotoId?: string;
  authorizedPhotoIdFile?: File;
  authorizedAddressId?: string;
  authorizedAddressIdFile?: File;
  courtOrder?: boolean;
  courtOrderFile?: File;
}

/** POST auths/upload-documents (spec 7, multipart; isAuthorized omitted), reporting progress in percent. */
export function uploadDocumentsRequest(
  payload: UploadDocumentsPayload,
  onProgress: (percent: number) => void,
): Promise<boolean> {
  return postMultipartWithProgress<boolean>(
    'auths/upload-documents',
    payload as unknown as Record<string, unknown>,
    onProgress,
    { accessToken: token() },
  );
}
