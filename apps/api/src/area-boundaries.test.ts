import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths';

// The product areas' boundaries (eslint.config.js, apiAreaZones) are held by lint; these fixtures break each rule
// once and must be reported, and the allowed forms must pass.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, 'apps/api/src', file) });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('routes hold no SQL', () => {
  it('refuses a route file importing the query builder, a table or the paging layer', async () => {
    const [result] = await eslint.lintText(
      "import { eq } from 'drizzle-orm';\nimport { users } from '../schema/users';\nimport { preparedList } from '../../../db/paging';\nexport const x = [eq, users, preparedList];\n",
      { filePath: path.join(REPO_ROOT, 'apps/api/src/modules/identity/users/routes.ts') },
    );
    const errors = result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
    expect(errors).toHaveLength(3);
    for (const message of errors) expect(message).toContain('A route holds no SQL');
  });
});

describe('area boundaries', () => {
  it('refuses a lower area importing a higher one, even through its index', async () => {
    const errors = await boundaryErrors(
      'modules/billing/fixture.ts',
      "import { mailRoutes } from '../mailbox';\nexport const x = mailRoutes;\n",
    );
    expect(errors).toEqual([expect.stringContaining('a lower area never imports a higher one')]);
  });

  it("refuses reaching into another area's files instead of its index", async () => {
    const errors = await boundaryErrors(
      'modules/mailbox/fixture.ts',
      "import { charge } from '../billing/ledger/charge';\nexport const x = charge;\n",
    );
    expect(errors).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('refuses db/, lib/ and integrations/ importing any area', async () => {
    for (const file of ['db/fixture.ts', 'lib/fixture.ts', 'integrations/fixture.ts']) {
      const errors = await boundaryErrors(
        file,
        "import { users } from '../modules/identity';\nexport const x = users;\n",
      );
      expect(errors, file).toEqual([expect.stringContaining('import no product area')]);
    }
  });

  it("refuses the app's wiring reaching past an area's index", async () => {
    const errors = await boundaryErrors(
      'fixture.ts',
      "import { mailRoutes } from './modules/mailbox/mail/routes';\nexport const x = mailRoutes;\n",
    );
    expect(errors).toEqual([expect.stringContaining('through its index.ts')]);
  });

  it('allows a higher area through the index of a lower one, and an area its own files', async () => {
    expect(
      await boundaryErrors(
        'modules/mailbox/fixture.ts',
        "import { charge } from '../billing';\nimport { mailRoutes } from './mail/routes';\nexport const x = [charge, mailRoutes];\n",
      ),
    ).toEqual([]);
  });
});
