import { readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import rules (DESIGN.md, Layout). Each is a regular expression on the imported path, so the same
 * rule covers static imports (no-restricted-imports) and `await import(...)` (no-restricted-syntax).
 * ESLint keeps only the last options given for a rule, so each area below lists all its rules.
 */
const SLASH = '\\x2F'; // a selector's /regex/ cannot hold a bare slash
const PACKAGE_DIRS = ['shared-types', 'sandbox', 'backend', 'worker', 'frontend', 'e2e'];

/** Test helpers other packages' tests and benchmarks may use; production code never does. */
const backendTestKit = '@ringcast/backend/testing';
/** The HTTP layer: the api process's own, never the worker's. */
const backendHttpEntries = ['@ringcast/backend/app', '@ringcast/backend/server'];
/** '@ringcast/backend' and '@ringcast/backend/<entry>' for each entry of its package "exports". */
const backendEntries = Object.keys(
  JSON.parse(readFileSync(new URL('./backend/package.json', import.meta.url), 'utf8')).exports,
)
  .map((entry) => entry.replace(/^\./, '@ringcast/backend'))
  .filter((entry) => entry !== backendTestKit);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('/', SLASH);
const oneOf = (names) => `(?:${names.map(escape).join('|')})`;

const rule = (regex, message) => ({ regex, message });

const byPathIntoAPackage = rule(
  `^(?:\\.\\.?${SLASH})+${oneOf(PACKAGE_DIRS)}(?:${SLASH}|$)`,
  'Packages reach each other by name (@ringcast/...) and their exports, never by a path into another package (nor its test/ folder).',
);
const theWorker = rule(
  `^@ringcast${SLASH}worker(?:${SLASH}|$)`,
  'The backend never imports the worker: the worker depends on the backend, not the other way.',
);
const anythingOfOurs = rule(
  `^@ringcast${SLASH}`,
  'shared-types imports nothing of ours: it is the contract the other packages share.',
);
const onlySharedTypes = (who) =>
  rule(`^@ringcast${SLASH}(?!shared-types$)`, `${who} imports only @ringcast/shared-types of ours.`);
const backendOutsideEntries = (entries, who) =>
  rule(
    `^@ringcast${SLASH}backend(?!${oneOf(entries.map((e) => e.slice('@ringcast/backend'.length)))}$)`,
    `${who} may import the backend only through these entries of its package exports: ${entries.join(', ')}.`,
  );

/**
 * The sandbox workspace is the provider, not a part of us: it imports shared-types, npm packages
 * and its own files, and gets the rest from the host the api hands it (sandbox/src/host.ts).
 * `depth` is how many folders below sandbox/ the file sits; one more `../` than that leaves it.
 */
const leavesTheSandbox = (depth) =>
  rule(
    `^(?:\\.\\.${SLASH}){${depth + 1}}`,
    'The sandbox imports nothing outside sandbox/ by path (it is the provider, not a part of us): what it needs of us comes from the host the api hands it.',
  );
/** Outside sandbox/, the sandbox is what its front door exports (what the api mounts). */
const sandboxInsides = rule(
  `^@ringcast${SLASH}sandbox${SLASH}(?!testing$)`,
  'Import the sandbox as @ringcast/sandbox (what the api mounts), never its insides; tests and benchmarks may use @ringcast/sandbox/testing.',
);
const sandboxTestKit = rule(
  `^@ringcast${SLASH}sandbox${SLASH}testing$`,
  'Production code imports @ringcast/sandbox only: its testing entry is for tests and benchmarks.',
);
/** A block's rules, and for its production files (not tests) the sandbox's testing entry refused too. */
const withProduction = (files, ...patterns) => [
  { files, rules: restrict(...patterns) },
  { files, ignores: ['**/*.test.ts'], rules: restrict(...patterns, sandboxTestKit) },
];

/**
 * The calls wing (backend/src/services/calls) is a folder per stage, each with one front door
 * (index.ts): from outside a stage, only `calls/<stage>` (or its index) is imported, never a file
 * inside it; within the wing, another stage is `../<stage>`, never `../<stage>/<file>`.
 */
const CALLS_STAGES = ['dispatch', 'place', 'events', 'settle', 'read', 'doNotCall', 'shared'];
const intoACallsStage = rule(
  `(?:^|${SLASH})calls${SLASH}${oneOf(CALLS_STAGES)}${SLASH}(?!index$)`,
  'A stage of the calls wing is imported through its front door (services/calls/<stage>), never a file inside it.',
);
const acrossCallsStages = rule(
  `^\\.\\.${SLASH}${oneOf(CALLS_STAGES)}${SLASH}(?!index$)`,
  'Within the calls wing, another stage is imported through its front door (../<stage>), never a file inside it.',
);

/** The SPA's shared layers (stores, api, components, realtime) sit below the pages and never import one. */
const aPage = rule(
  `^\\.\\.?${SLASH}(?:.*${SLASH})?pages${SLASH}`,
  'Stores, the api client, components and realtime never import a page: move what both need out of pages/.',
);

const restrict = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
  'no-restricted-syntax': [
    'error',
    ...patterns.map(({ regex, message }) => ({
      selector: `ImportExpression[source.value=/${regex}/u]`,
      message,
    })),
  ],
});

const workerEntries = backendEntries.filter((entry) => !backendHttpEntries.includes(entry));
const backendRules = [byPathIntoAPackage, theWorker, intoACallsStage, sandboxInsides];
const sandboxOwn = onlySharedTypes('The sandbox');

/** One block per depth below sandbox/ (0 to 3 exactly, then 4 and deeper, judged as 4: stricter). */
const sandboxRules = [0, 1, 2, 3, 4].map((depth) => ({
  files: [`sandbox/${'*/'.repeat(depth)}${depth === 4 ? '**/' : ''}*.ts`],
  rules: restrict(byPathIntoAPackage, sandboxOwn, leavesTheSandbox(depth)),
}));

const importRules = [
  { files: ['shared-types/**'], rules: restrict(byPathIntoAPackage, anythingOfOurs) },
  { files: ['backend/**'], rules: restrict(...backendRules) },
  ...withProduction(['backend/src/**'], ...backendRules),
  ...withProduction(['backend/src/services/calls/**'], ...backendRules, acrossCallsStages),
  ...sandboxRules,
  {
    files: ['worker/**'],
    rules: restrict(
      byPathIntoAPackage,
      backendOutsideEntries(workerEntries, 'The worker'),
      sandboxInsides,
      sandboxTestKit,
    ),
  },
  {
    files: ['worker/**/*.test.ts'],
    rules: restrict(
      byPathIntoAPackage,
      backendOutsideEntries([...workerEntries, backendTestKit], "The worker's tests"),
      sandboxInsides,
    ),
  },
  {
    files: ['scripts/**'],
    rules: restrict(
      byPathIntoAPackage,
      backendOutsideEntries([...backendEntries, backendTestKit], 'Scripts'),
      sandboxInsides,
    ),
  },
  { files: ['frontend/**'], rules: restrict(byPathIntoAPackage, onlySharedTypes('The SPA')) },
  {
    files: ['frontend/src/{stores,api,components,realtime}/**'],
    rules: restrict(byPathIntoAPackage, onlySharedTypes('The SPA'), aPage),
  },
  { files: ['e2e/**'], rules: restrict(byPathIntoAPackage, sandboxInsides) },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'e2e/test-results/**', 'e2e/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs,ts}'], ignores: ['frontend/src/**'], languageOptions: { globals: globals.node } },
  { files: ['frontend/src/**/*.{ts,tsx}'], languageOptions: { globals: globals.browser } },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'react-hooks/set-state-in-effect': 'off' },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  ...importRules,
);
