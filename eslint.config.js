import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = './apps/web/src/features';
const features = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
/** The API's product areas in layer order: each may import only those before it. */
export const API_AREAS = ['identity', 'platform', 'billing', 'shipping', 'mailbox', 'accounts', 'reports'];

const ROUTE_SQL = "A route holds no SQL: call the area's data function (e.g. listCustomers(db, actor, query)).";

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'apps/api/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'] }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      // One import line per module: what a file takes from another area reads in one place.
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
    },
  },
  {
    // packages/shared is the bottom layer: it never imports an app.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/**', '@postwise/api*', '@postwise/web*'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // One-way flow (engineering.md): components/ui and lib -> features -> app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `${featuresDir}/${f}`,
              from: featuresDir,
              except: [`./${f}`],
              message: 'Features do not import each other; move what they share down into components, lib or stores.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features must not import app.' },
            { target: './apps/web/src/components', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app'] },
            { target: './apps/web/src/stores', from: ['./apps/web/src/features', './apps/web/src/app'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/apps/web/**', '@postwise/web*'] }],
    },
  },
  {
    // Routes parse, call one use case and answer: statements and tables live in the area's data functions.
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/web/**', '@postwise/web*'], message: 'The API never imports the web app.' },
            { group: ['drizzle-orm', 'drizzle-orm/*', '**/schema/*', '**/db/paging'], message: ROUTE_SQL },
          ],
        },
      ],
    },
  },
  {
    // The API's product areas (docs/ARCHITECTURE.md): another area is reached only through its index.ts, an area
    // imports only the areas before it in API_AREAS, and db/, lib/ and integrations/ import no area at all.
    // Tests and test kits may set up data through any area's files.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*test-kit.ts', 'apps/api/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: apiAreaZones() }] },
  },
);

function apiAreaZones() {
  const modules = './apps/api/src/modules';
  return [
    ...API_AREAS.flatMap((area, layer) => [
      ...(layer + 1 < API_AREAS.length
        ? [
            {
              target: `${modules}/${area}`,
              from: API_AREAS.slice(layer + 1).map((higher) => `${modules}/${higher}`),
              message: `${area} sits below ${API_AREAS.slice(layer + 1).join(', ')}: a lower area never imports a higher one.`,
            },
          ]
        : []),
      {
        target: `${modules}/${area}`,
        from: modules,
        except: [`./${area}`, ...API_AREAS.filter((a) => a !== area).map((other) => `./${other}/index.ts`)],
        message: 'Reach another area through its index.ts.',
      },
    ]),
    {
      target: ['./apps/api/src/db', './apps/api/src/lib', './apps/api/src/integrations'],
      from: modules,
      message: 'db/, lib/ and integrations/ import no product area.',
    },
    {
      target: ['./apps/api/src/*.ts', './apps/api/src/!(modules)/**/*.ts'],
      from: modules,
      except: API_AREAS.map((area) => `./${area}/index.ts`),
      message: 'Outside the areas, reach an area through its index.ts.',
    },
  ];
}
