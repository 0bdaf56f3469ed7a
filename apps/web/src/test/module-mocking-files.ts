/**
 * The web test files that replace a module with vi.mock, relative to apps/web. The `web` project shares a
 * worker's modules between files (decision 0064), where such a mock would leak into the files after it, so
 * vitest.config.ts runs these in their own isolated project; module-mocks.test.ts keeps the list true.
 */
export const WEB_FILES_MOCKING_MODULES = [
  'src/features/plans/plan-acceptance.test.tsx',
  'src/features/signatures/signatures.test.tsx',
  'src/features/signatures/station-page.test.tsx',
];
