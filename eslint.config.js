// ESLint flat config: the house rules (HOUSE_STYLE section 7) with type information.
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'demo-data/**', '**/*.js', '**/*.mjs', 'packages/api/src/db/migrations/**', '**/drizzle.config.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['packages/**/*.ts', 'packages/**/*.tsx', 'bench/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import/ignore': ['node_modules'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import/no-cycle': ['error', { maxDepth: 4, ignoreExternal: true }],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.test.ts', '**/*.int.test.ts', 'packages/e2e/**/*.ts', 'bench/**/*.ts', 'packages/api/src/cli/**/*.ts', 'packages/api/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
);
