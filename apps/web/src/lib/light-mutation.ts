import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A write, as TanStack Query's `useMutation` for the two fields the public and guest pages read, in a module of
 * its own so a page with a form and no query does not download lib/light-query.ts.
 */
export interface LightMutation<TVariables, TData> {
  mutateAsync: (variables: TVariables) => Promise<TData>;
  isPending: boolean;
}

/** `mutateAsync` and `isPending` (of the latest call); never retried, like the app's TanStack mutations. */
export function useLightMutation<TVariables, TData>(
  mutationFn: (variables: TVariables) => Promise<TData>,
): LightMutation<TVariables, TData> {
  const [isPending, setPending] = useState(false);
  const latest = useRef(0);
  const fnRef = useRef(mutationFn);
  useEffect(() => {
    fnRef.current = mutationFn;
  });
  const mutateAsync = useCallback(async (variables: TVariables) => {
    const call = ++latest.current;
    setPending(true);
    try {
      return await fnRef.current(variables);
    } finally {
      if (call === latest.current) setPending(false);
    }
  }, []);
  return { mutateAsync, isPending };
}
