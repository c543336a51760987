import { ACCOUNT_MESSAGES } from '@postwise/shared/schemas/accounts';
import { isCommonPassword } from '../../../lib/common-passwords';
import { validationFailed } from '../../../lib/errors';

/**
 * Refuses a new password found on the common-password list, for registration, reset and change.
 * Lengths stay with the shared schemas (spec 5); this list is checked on the server only.
 */
export function assertUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw validationFailed(ACCOUNT_MESSAGES.passwordCommon, { [field]: ACCOUNT_MESSAGES.passwordCommon });
  }
}
