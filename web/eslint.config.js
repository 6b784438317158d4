import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { readdirSync } from 'node:fs';

/**
 * Features stand side by side: none imports another, and none reaches up into `src/app`, which
 * composes them. What several need lives in `src/api`, `src/lib` or `src/components`. One zone per
 * feature folder, as import specifiers are matched as written: a file `depth` folders below its
 * feature's own folder climbs `depth + 1` times to reach `src/features`.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const FEATURE_DEPTHS = 4;
const featureZones = FEATURES.flatMap((feature) =>
  Array.from({ length: FEATURE_DEPTHS }, (_, depth) => {
    const others = FEATURES.filter((other) => other !== feature).join('|');
    return {
      files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./){${depth + 1}}(${others})(/|$)`,
                message: `features/${feature} may not import another feature: move what both need to src/api, src/lib or src/components.`,
              },
              {
                regex: `^(\\.\\./){${depth + 2}}app(/|$)`,
                message: `features/${feature} may not import from src/app, which composes the features: move what it needs to src/api, src/lib or src/components.`,
              },
            ],
          },
        ],
      },
    };
  }),
);

export default tseslint.config(
  { ignores: ['dist', 'dist-prerender', 'node_modules', 'src/api/schema.ts', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // One place writes dates, times and numbers (src/lib/format.ts): the browser's defaults put
    // "10:30 a. m." on Spanish screens.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/lib/format.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Write dates, times and numbers with src/lib/format.ts (24 hours in Spanish, each language\'s separators).',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'], CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Write dates and times with src/lib/format.ts (24 hours in Spanish).',
        },
      ],
    },
  },
  ...featureZones,
);
