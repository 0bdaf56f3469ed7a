import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * A feature never reaches into another feature's internals (DESIGN.md §3); it may use the modules another
 * feature publishes for that purpose (docs/decisions/0009-feature-boundaries.md), listed here.
 */
/** @type {Record<'apps/web/src/features' | 'apps/server/src/features', string[]>} */
const PUBLIC_FEATURE_MODULES = {
  'apps/web/src/features': [
    'places/place-pickers',
    'places/locality-input',
    'places/api',
    'places/siruta-settings',
    'settings/api',
    'print/letterhead',
    'print/print-format',
    'print/print-store',
    'print/print-patient-button',
    'letters/letter-button',
    'chart/dental-chart',
    'history/api',
    'history/treatment-modal',
    'signatures/api',
    'signatures/entry-signature-button',
    'signatures/signature-mark',
    'signatures/consent-button',
    'signatures/signature-capture',
    'signatures/plan-content',
    'sterilisation/instruments-panel',
    'reviews/review-request-button',
    'price-list/api',
    'price-list/price-list-section',
    'plans/open-items-api',
    'plans/chart-overlay',
    'invoices/issue-invoice-button',
    'efactura/efactura-section',
    'auth/two-factor-policy-section',
    'backups/backups-section',
    'auth/two-factor-reset',
    'gdpr/gdpr-export-button',
    'gdpr/anonymise-patient-button',
    'gdpr/gdpr-settings-section',
    'locations/api',
    'locations/locations-section',
  ],
  'apps/server/src/features': [
    'auth/password.service',
    'history/patient-history',
    'clinic/clinic.service',
    'clinic/location-seller.service',
    'signatures/entry-signature',
    'patients/patients.presenter',
    'patients/live-patient.queries',
    'patients/patient-search',
    'sterilisation/instrument-uses.service',
    'audit/audit-csv',
    'price-list/price-list.queries',
    'ledger/treatment-charges',
    'ledger/patient-balance.queries',
    'ledger/invoiceable-charges.queries',
    'plans/plan-progress.service',
    'plans/plan-acceptance.service',
    'plans/open-plan-amount.queries',
    'invoices/ubl-invoice',
    'efactura/efactura-submissions',
    'efactura/secret-box',
    'locations/locations.queries',
    'locations/user-locations.service',
  ],
};

/**
 * @param {keyof typeof PUBLIC_FEATURE_MODULES} root
 * @param {string} extension
 * @returns {import('typescript-eslint').ConfigArray}
 */
function featureBoundaries(root, extension) {
  const features = readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const published = PUBLIC_FEATURE_MODULES[root];
  return features.map((feature) => ({
    files: [`${root}/${feature}/**/*.${extension}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^\\.\\./(?!(${published.join('|')})$)(${features
                .filter((other) => other !== feature)
                .join('|')})(/.*)?$`,
              message: "another feature's internals: use what it publishes, or compose in a page or service",
            },
            {
              group: ['**/apps/server/**', '**/apps/web/**'],
              message: 'web and server never import each other',
            },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'data-demo/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.test-output/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Import boundaries (DESIGN.md §3): web → domain and server → domain only; never web ↔ server.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/server/**', '@odonto/server', '@odonto/server/*'],
              message: 'web must not import the server',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@odonto/web', '@odonto/web/*'],
              message: 'the server must not import web',
            },
          ],
        },
      ],
    },
  },
  ...featureBoundaries('apps/web/src/features', '{ts,tsx}'),
  ...featureBoundaries('apps/server/src/features', 'ts'),
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'path',
                'react',
                'react-dom',
                'fastify',
                'kysely',
                '**/apps/**',
                '@odonto/server*',
                '@odonto/web*',
              ],
              message: 'domain is pure: no I/O, no framework, no app code',
            },
          ],
        },
      ],
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: 'pass `now` in' }],
    },
  },
  {
    // better-sqlite3 has one build per Node.js (decision 0041): every opener goes through the driver module.
    files: ['**/*.{ts,tsx}'],
    ignores: ['apps/server/src/db/sqlite-driver.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'better-sqlite3',
              allowTypeImports: true,
              message: 'open SQLite with openSqlite() from apps/server/src/db/sqlite-driver.ts',
            },
          ],
        },
      ],
    },
  },
  {
    // The server also runs as a bundle (apps/server/dist, decision 0042), where a module's own place is not
    // its place in src/: files it reads at run time are found from server-dir.ts.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/server-dir.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name=/^(dirname|filename)$/]",
          message: 'find run-time files from SERVER_DIR or PROJECT_ROOT (apps/server/src/server-dir.ts)',
        },
        {
          selector:
            "NewExpression[callee.name='URL'] > MemberExpression.arguments[object.type='MetaProperty']",
          message: 'find run-time files from SERVER_DIR or PROJECT_ROOT (apps/server/src/server-dir.ts)',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
);
