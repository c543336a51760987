import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';

/** The first message of each field the schema rejected (what zodResolver gives react-hook-form). */
export type LightFormErrors<T> = Partial<Record<keyof T & string, string>>;

type FieldElement = HTMLInputElement | HTMLTextAreaElement;

export interface LightForm<T> {
  /** Props for an uncontrolled input, textarea or checkbox (a checkbox's value is its `checked`). */
  register: (name: keyof T & string) => {
    name: string;
    ref: (element: FieldElement | null) => void;
    onChange: () => void;
  };
  errors: LightFormErrors<T>;
  /** Validates every field, shows the messages and focuses the first rejected field, or hands on the parsed values. */
  handleSubmit: (onValid: (values: T) => Promise<void> | void) => (event: FormEvent<HTMLFormElement>) => void;
  /** Puts the given values into the fields, clears the messages and stops validating on change until the next submit. */
  reset: (values: T) => void;
}

/**
 * A shared zod schema loaded on demand (keeps zod out of a page's first load), tried again after a failed chunk load.
 * Create it once per form, at module level, and call `preload` when the visitor first touches the form.
 */
export function lazySchema<T>(loadSchema: () => Promise<ZodType<T>>) {
  let loaded: Promise<ZodType<T>> | undefined;
  const load = () =>
    (loaded ??= loadSchema().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    }));
  return { load, preload: () => void load().catch(() => undefined) };
}

export type LazySchema<T> = ReturnType<typeof lazySchema<T>>;

/**
 * The part of react-hook-form the public contact, sign-up, login and forgot-password forms use (about 12 KB brotli
 * less on their first load; docs/benchmarks.md, "Public pages"), with its `mode: 'onSubmit'`, `reValidateMode: 'onChange'` behaviour:
 * nothing is checked before the first submit; a submit checks the whole form with the schema, shows the first
 * message of each field and focuses the first rejected field in render order; after it, a change checks the form
 * again and updates that field's message only. The fields stay uncontrolled and start empty, as the prerendered
 * HTML shows them.
 */
export function useLightForm<T extends Record<string, unknown>>(schema: LazySchema<T>): LightForm<T> {
  const fields = useRef(new Map<string, FieldElement>());
  const submitted = useRef(false);
  // The latest check per field (and of the whole form) wins; a reset drops every check still running.
  const runs = useRef(new Map<string, number>());
  const [errors, setErrors] = useState<LightFormErrors<T>>({});

  function values(): T {
    const out: Record<string, unknown> = {};
    for (const [name, element] of fields.current) {
      out[name] = element instanceof HTMLInputElement && element.type === 'checkbox' ? element.checked : element.value;
    }
    return out as T;
  }

  async function check(): Promise<{ data: T } | { errors: LightFormErrors<T> }> {
    const result = await (await schema.load()).safeParseAsync(values());
    if (result.success) return { data: result.data };
    const found: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      if (!(path in found)) found[path] = issue.message;
    }
    return { errors: found as LightFormErrors<T> };
  }

  function nextRun(key: string): () => boolean {
    const run = (runs.current.get(key) ?? 0) + 1;
    runs.current.set(key, run);
    return () => runs.current.get(key) === run;
  }

  async function recheck(name: keyof T & string) {
    const current = nextRun(name);
    const verdict = await check();
    if (!current()) return;
    const message = 'errors' in verdict ? verdict.errors[name] : undefined;
    setErrors((prev) => {
      if (prev[name] === message) return prev;
      const next = { ...prev };
      if (message === undefined) delete next[name];
      else next[name] = message;
      return next;
    });
  }

  return {
    register: (name) => ({
      name,
      ref: (element) => {
        if (element) fields.current.set(name, element);
      },
      onChange: () => {
        if (submitted.current) void recheck(name);
      },
    }),
    errors,
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      submitted.current = true;
      const current = nextRun('');
      void (async () => {
        const verdict = await check();
        if (!current()) return;
        if ('errors' in verdict) {
          setErrors(verdict.errors);
          for (const [name, element] of fields.current) {
            if (name in verdict.errors) {
              element.focus();
              break;
            }
          }
          return;
        }
        setErrors({});
        await onValid(verdict.data);
      })();
    },
    reset: (next) => {
      for (const [name, element] of fields.current) {
        const value = next[name];
        if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = value === true;
        else element.value = typeof value === 'string' ? value : '';
      }
      submitted.current = false;
      for (const key of runs.current.keys()) nextRun(key);
      setErrors({});
    },
  };
}
