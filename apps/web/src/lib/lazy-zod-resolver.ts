import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver for a shared zod schema that is loaded the first time the form validates.
 * Public pages show their form before any validation is needed, so zod (about a fifth of their JavaScript)
 * stays out of the first load; the schema is still the one the API validates with (packages/shared).
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodType<T>>): Resolver<T> {
  let loaded: Promise<Resolver<T>> | undefined;
  const load = () =>
    (loaded ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<T>,
    ).catch((error: unknown) => {
      // A failed chunk load is retried on the next validation.
      loaded = undefined;
      throw error;
    }));
  return async (values, context, options) => (await load())(values, context, options);
}
