import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The test app of one test file: built before its tests and closed after them, with the file's kit (adminKit,
 * makeKit…) made on it when one is given. Read `suite.t` and `suite.kit` inside tests and hooks, once it is built.
 */
export function suiteApp<K = undefined>(
  makeKit?: (t: TestApp) => K,
  options: TestAppOptions = {},
): { readonly t: TestApp; readonly kit: K } {
  const suite = {} as { t: TestApp; kit: K };
  beforeAll(async () => {
    suite.t = await createTestApp(options);
    suite.kit = makeKit?.(suite.t) as K;
  });
  afterAll(async () => {
    await suite.t?.close();
  });
  return suite;
}
