// @ts-check
// typescript-eslint's strict, type-aware presets (strictTypeChecked + stylisticTypeChecked), with
// the rules that fight the codebase's deliberate style turned off, each with its reason;
// eslint-config-prettier last, so formatting stays Prettier's alone (`npm run format:check`).
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/** Node's globals for the few plain .js/.mjs files (bin/, scripts/): TypeScript does not check them. */
const nodeGlobals = Object.fromEntries(
  ['process', 'console', 'URL', 'Buffer', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'].map(
    (name) => [name, 'readonly'],
  ),
);

/** Options of rules configured below. */
const RULE_OPTIONS = {
  // `const { secret: _omit, ...rest } = x` is how a field is left out of a copy.
  '@typescript-eslint/no-unused-vars': [{ ignoreRestSiblings: true }],
  '@typescript-eslint/restrict-template-expressions': [{ allowNumber: true, allowBoolean: true }],
  '@typescript-eslint/no-misused-promises': [{ checksVoidReturn: { attributes: false } }],
};

export default tseslint.config(
  { ignores: ['dist/', 'web/dist/', 'coverage/', 'data/', 'bench/results/', 'docs/screenshots/'] },
  eslint.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            '*.js',
            'vitest.faults.config.ts',
            'bin/*.mjs',
            'scripts/*.mjs',
            'scripts/*.ts',
            'web/vite.config.ts',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // noUncheckedIndexedAccess makes every indexed read optional; `!` marks the reads the code
      // knows are present (checked a line above, or a regex group that matched). The compiler
      // option is the check; banning `!` would trade it for casts or dead branches.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Repository and integration methods are async by contract (a PostgreSQL store or a bridge
      // awaits), while the SQLite and in-process implementations answer synchronously.
      '@typescript-eslint/require-await': 'off',
      // Numbers and booleans in messages and log lines are what a person reads.
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        ...RULE_OPTIONS['@typescript-eslint/restrict-template-expressions'],
      ],
      // `() => set(x)` callbacks and `return this.stop()` as an early exit from a void function are
      // the house style; the rule's fixer and no-meaningless-void-operator fight over them.
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // Preact event handlers may be async; a rejected one is caught where it starts.
      '@typescript-eslint/no-misused-promises': [
        'error',
        ...RULE_OPTIONS['@typescript-eslint/no-misused-promises'],
      ],
      '@typescript-eslint/no-unused-vars': ['error', ...RULE_OPTIONS['@typescript-eslint/no-unused-vars']],
      // A timer handle declared before the callback that clears it, assigned right after.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // A no-op callback (`() => {}`) is the clearest way to say "nothing to do here".
      '@typescript-eslint/no-empty-function': 'off',
    },
  },
  {
    // Tests read wire bodies as JSON (`t.api()` answers `any`) and assert their shape: typing
    // every body would restate the schemas the tests are there to check.
    files: ['**/*.test.ts', 'test/**/*.ts', 'src/test-support/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // The dashboard shares the service's wire types, never its code: only `import type` may
    // reach from web/ into src/ (the bundle stays free of server modules).
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/*', '**/src/**', '!./**'],
              allowTypeImports: true,
              message: 'web/ may import server modules as types only (import type …).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: nodeGlobals },
  },
  prettier,
);
