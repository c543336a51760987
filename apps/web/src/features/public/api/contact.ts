import type { ContactInput, SubscribeInput } from '@postwise/shared/schemas/public';
import { post, postMultipart } from '../../../lib/api-client';
import { useLightMutation } from '../../../lib/light-mutation';

/** POST users/contact (spec 7). */
export function sendContactMessage(input: ContactInput): Promise<null> {
  return post<null>('users/contact', input);
}

export function useSendContactMessage() {
  return useLightMutation(sendContactMessage);
}

export type SubscribeRequest = SubscribeInput & { file?: File | null };

/** POST users/subscribe as multipart (spec 7): name, email, phone and the optional file. */
export function subscribeToNewsletter({ file, ...fields }: SubscribeRequest): Promise<null> {
  return postMultipart<null>('users/subscribe', { ...fields, ...(file ? { file } : {}) });
}

export function useSubscribe() {
  return useLightMutation(subscribeToNewsletter);
}
