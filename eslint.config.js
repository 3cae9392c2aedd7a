import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/test-results/**', '**/playwright-report/**', 'server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Features never import each other (STYLE.md): shared code lives in components/ and lib/, and
    // app/ composes features. From web/src/features/<a>/<folder>/x.ts, '../../<b>/...' is another feature.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../../*/**', '!../../../**', '**/features/**'], message: 'Features do not import each other; move shared code to components/ or lib/.' }] }],
    },
  },
  {
    files: ['emulators/**/*.ts'],
    rules: {
      // The emulators stand in for the outside world: they import nothing of ours.
      'no-restricted-imports': ['error', { patterns: [{ group: ['@parallels/*'], message: 'Emulators import nothing of ours.' }] }],
    },
  },
);
