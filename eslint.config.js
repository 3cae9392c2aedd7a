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
  // Server layering (docs/decisions/017-server-layering.md): a number on screen is followed to its SQL in a few
  // files because queries live only in *.sql.ts files (and the shared data layer, server/src/db/), a file uses
  // only its own folder's queries or the shared ones, and services speak in the product's terms, not HTTP.
  // Types may cross (a row's shape is not a query).
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/**/*.sql.ts', 'server/src/db/**', 'server/src/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: 'Queries live in *.sql.ts files: add a function there and call it.' }],
        patterns: [
          { group: ['drizzle-orm/*'], allowTypeImports: true, message: 'Queries live in *.sql.ts files: add a function there and call it.' },
          { regex: '^\\.\\./(?!(\\.\\./)*db/).*\\.sql\\.js$', allowTypeImports: true, message: "Another module's queries are its own: call its service, or move a query several modules need to server/src/db/." },
        ],
      }],
    },
  },
  {
    files: ['server/src/**/*.sql.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ regex: '^\\.\\./(?!(\\.\\./)*db/).*\\.sql\\.js$', allowTypeImports: true, message: "Another module's queries are its own: move a query several modules need to server/src/db/." }],
      }],
    },
  },
  {
    files: ['server/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [{ name: 'fastify', message: 'Services know nothing of HTTP: routes and hooks do.' }],
        patterns: [
          { group: ['**/plugins/*'], message: 'Services know nothing of HTTP: throw an AppError with a kind (lib/app-error.ts).' },
          { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Queries live in *.sql.ts files: add a function there and call it.' },
          { regex: '^\\.\\./(?!(\\.\\./)*db/).*\\.sql\\.js$', allowTypeImports: true, message: "Another module's queries are its own: call its service, or move a query several modules need to server/src/db/." },
        ],
      }],
      'no-restricted-syntax': ['error',
        { selector: "MemberExpression[property.name='statusCode']", message: 'Services know nothing of HTTP status codes: throw an AppError with a kind.' },
        { selector: "Identifier[name=/^(reply|FastifyReply)$/]", message: 'Services know nothing of HTTP: routes and hooks answer requests.' },
      ],
    },
  },
);

