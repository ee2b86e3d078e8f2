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

/**
 * Lint debt: files that still have findings of these rules when lint was adopted (issue 18).
 * There the rules warn instead of failing `npm test`; everywhere else they are errors. Fix a
 * file, then take it off this list — the list only shrinks.
 */
/** Options of the rules configured above, kept when a debt file downgrades them to warnings. */
const RULE_OPTIONS = {
  // `const { secret: _omit, ...rest } = x` is how a field is left out of a copy.
  '@typescript-eslint/no-unused-vars': [{ ignoreRestSiblings: true }],
  '@typescript-eslint/restrict-template-expressions': [{ allowNumber: true, allowBoolean: true }],
  '@typescript-eslint/no-misused-promises': [{ checksVoidReturn: { attributes: false } }],
};
const DEBT_RULES = [
  '@typescript-eslint/consistent-type-definitions',
  '@typescript-eslint/dot-notation',
  '@typescript-eslint/no-base-to-string',
  '@typescript-eslint/no-deprecated',
  '@typescript-eslint/no-dynamic-delete',
  '@typescript-eslint/no-explicit-any',
  '@typescript-eslint/no-invalid-void-type',
  '@typescript-eslint/no-meaningless-void-operator',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/no-misused-spread',
  '@typescript-eslint/no-redundant-type-constituents',
  '@typescript-eslint/no-unnecessary-boolean-literal-compare',
  '@typescript-eslint/no-unnecessary-condition',
  '@typescript-eslint/no-unnecessary-type-arguments',
  '@typescript-eslint/no-unnecessary-type-assertion',
  '@typescript-eslint/no-unnecessary-type-conversion',
  '@typescript-eslint/no-unnecessary-type-parameters',
  '@typescript-eslint/no-unsafe-argument',
  '@typescript-eslint/no-unsafe-assignment',
  '@typescript-eslint/no-unsafe-call',
  '@typescript-eslint/no-unsafe-class-instance-assignment',
  '@typescript-eslint/no-unsafe-enum-assignment',
  '@typescript-eslint/no-unsafe-member-access',
  '@typescript-eslint/no-unsafe-return',
  '@typescript-eslint/no-unused-expressions',
  '@typescript-eslint/no-unused-vars',
  '@typescript-eslint/non-nullable-type-assertion-style',
  '@typescript-eslint/only-throw-error',
  '@typescript-eslint/prefer-for-of',
  '@typescript-eslint/prefer-includes',
  '@typescript-eslint/prefer-nullish-coalescing',
  '@typescript-eslint/prefer-optional-chain',
  '@typescript-eslint/prefer-string-starts-ends-with',
  '@typescript-eslint/restrict-plus-operands',
  '@typescript-eslint/restrict-template-expressions',
  '@typescript-eslint/return-await',
  '@typescript-eslint/unbound-method',
  '@typescript-eslint/use-unknown-in-catch-callback-variable',
  'no-control-regex',
  'no-regex-spaces',
];
const DEBT_FILES = [
  // Owned by the Matter, voice and pairing work in progress: typed as that work lands.
  'src/agent/voice/numbers.ts',
  'src/agent/voice/pocketsphinx.ts',
  'src/agent/voice/wyoming.ts',
  'src/integrations/pairing/pairing.test.ts',
  'test/dashboard/matter.test.ts',
  'test/matter-netns/matter-netns.test.ts',
  'web/src/add-device.tsx',
];

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
    files: DEBT_FILES,
    rules: Object.fromEntries(DEBT_RULES.map((rule) => [rule, ['warn', ...(RULE_OPTIONS[rule] ?? [])]])),
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
