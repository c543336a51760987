import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export type LazyResolver<T extends FieldValues> = Resolver<T> & {
  /** Starts loading the schema, e.g. when the visitor first touches the form. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a shared zod schema that is loaded when the visitor first touches the form (or,
 * at the latest, when it first validates). Public pages show their form before any validation is needed, so
 * zod (about a fifth of their JavaScript) stays out of the first load; the schema is still the one the API
 * validates with (packages/shared). Create it once per form, at module level.
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T>>): LazyResolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')])
      .then(([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T>)
      .catch((error: unknown) => {
        // A failed chunk load is tried again on the next validation.
        loaded = undefined;
        throw error;
      }));
  const resolver: Resolver<T> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      load().catch(() => undefined);
    },
  });
}
