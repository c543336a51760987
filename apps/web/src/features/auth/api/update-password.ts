import { useMutation } from '@tanstack/react-query';
import { updatePasswordRequest } from './accounts';

/** Change password is a signed-in page: it keeps TanStack Query, which the guest pages do without. */
export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePasswordRequest });
}
