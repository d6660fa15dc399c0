import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const webFeatures = fs.readdirSync('apps/web/src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/** The ORM and drivers: only repositories (and db/ itself) may import them. */
const ORM_IMPORTS = ['drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', '@electric-sql/pglite/*', 'pg'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.data/**', 'apps/server/drizzle/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/web/tsconfig.json', 'apps/server/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // bulletproof-react: a feature never imports another feature; routes in app/ compose them.
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message: 'A feature never imports another feature: move the shared piece to src/lib or src/ui.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app shell.' },
            { target: ['./apps/web/src/ui', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'], message: 'ui/ and lib/ are shared: they import no feature or app code.' },
            { target: './apps/web', from: './apps/server', message: 'The browser never imports server code: share it through packages/contracts.' },
            { target: './packages', from: './apps', message: 'Packages never import apps.' },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'error',
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ORM_IMPORTS, message: 'Only repositories (*.repository.ts) and db/ touch the ORM.' }] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['bench/**/*.ts', 'scripts/**/*.{ts,mjs}', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
