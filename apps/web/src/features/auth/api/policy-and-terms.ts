import { useLightQuery } from '../../../lib/light-query';
import { accountKeys, getPolicyAndTerms } from './accounts';

/** The sign-up page's policy and terms, cached; apart from accounts.ts so forgot-password does not load the cache. */
export function usePolicyAndTerms(parentUser: string | null) {
  return useLightQuery({
    queryKey: accountKeys.policyAndTerms(parentUser),
    queryFn: () => getPolicyAndTerms(parentUser),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
