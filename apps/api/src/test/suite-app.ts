import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The test app of one test file (or describe block): built before its tests and closed after them, with the file's
 * kit (adminKit, makeKit…) made on it when one is given. Read `suite.t` and `suite.kit` inside tests and hooks,
 * once it is built.
 */
export function suiteApp(options?: TestAppOptions): { readonly t: TestApp; readonly kit: undefined };
export function suiteApp<K>(
  makeKit: (t: TestApp) => K,
  options?: TestAppOptions,
): { readonly t: TestApp; readonly kit: K };
export function suiteApp<K>(
  kitOrOptions?: ((t: TestApp) => K) | TestAppOptions,
  kitOptions: TestAppOptions = {},
): { readonly t: TestApp; readonly kit: K | undefined } {
  const makeKit = typeof kitOrOptions === 'function' ? kitOrOptions : undefined;
  const options = typeof kitOrOptions === 'function' ? kitOptions : (kitOrOptions ?? {});
  const suite = {} as { t: TestApp; kit: K | undefined };
  beforeAll(async () => {
    suite.t = await createTestApp(options);
    suite.kit = makeKit?.(suite.t);
  });
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}
