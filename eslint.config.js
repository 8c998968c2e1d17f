// ESLint flat config: the house rules (HOUSE_STYLE section 7) with type information.
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';
import ownership from './eslint-rules/ownership.config.js';
import { vigilPlugin } from './eslint-rules/plugin.js';

// ---- Web feature boundaries (HOUSE_STYLE section 8) -------------------------------------------
// A web feature (packages/web/src/features/<slug>) imports another feature only through that
// feature's public index.ts, never its internals; features do not import app/ (the router, the
// layout, the screens that combine features in app/routes/<screen>/); lib/ and components/ import
// no feature and nothing of app/. Screens that combine features live in app/routes/<screen>/.
const webSrc = './packages/web/src';
const webFeaturesDir = `${import.meta.dirname}/packages/web/src/features`;
const webFeatures = fs.existsSync(webFeaturesDir)
  ? fs.readdirSync(webFeaturesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const webZones = [
  ...webFeatures.map((name) => ({
    target: `${webSrc}/features/${name}`,
    from: `${webSrc}/features`,
    except: [`./${name}`, ...webFeatures.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: 'A web feature imports another feature only through its index.ts; a screen that combines features belongs in app/routes/<screen>/.',
  })),
  { target: `${webSrc}/features`, from: `${webSrc}/app`, message: 'A web feature does not import app/ (router, layout, combined screens).' },
  { target: [`${webSrc}/lib`, `${webSrc}/components`], from: [`${webSrc}/features`, `${webSrc}/app`], message: 'lib/ and components/ do not import features or app/.' },
];
const webBoundaries = {
  files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.tsx'],
  rules: { 'import/no-restricted-paths': ['error', { zones: webZones, basePath: import.meta.dirname }] },
};
// ---- end of web feature boundaries ----------------------------------------------------------------

// ---- API feature boundaries (HOUSE_STYLE section 8; docs/architecture.md "Feature boundaries") ---
// A feature (packages/api/src/features/<slug>) exposes what others may call in its index.ts (a
// barrel); another feature, jobs/, cli/ and seed/ import it only through that index ('../<slug>'
// or '../<slug>/index'), never its internals. lib/, db/, plugins/, realtime/ and config/ import no
// feature at all (app.ts hands them what they need, e.g. the session resolver). features/index.ts
// (the route registry) and app.ts compose features. Tests are exempt.
const apiSrc = './packages/api/src';
const apiFeaturesDir = `${import.meta.dirname}/packages/api/src/features`;
const apiFeatures = fs.existsSync(apiFeaturesDir)
  ? fs.readdirSync(apiFeaturesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];
const apiFeatureIndexes = (but) => apiFeatures.filter((other) => other !== but).map((other) => `./${other}/index.ts`);
// A feature's tables file (`features/<slug>/<slug>.tables.ts`, docs/architecture.md "Table
// ownership"): other tables files import it for their foreign keys, seed/ and the aggregate
// db/schema/index.ts import it; who else may is `vigil/table-imports`' (eslint-rules/table-imports.js).
const apiFeatureTables = (but) => apiFeatures.filter((other) => other !== but).map((other) => `./${other}/${other}.tables.ts`);
const apiRoot = `${import.meta.dirname}/packages/api/src`;
const apiZones = [
  ...apiFeatures.map((name) => ({
    target: `${apiSrc}/features/${name}`,
    from: `${apiSrc}/features`,
    except: [`./${name}`, ...apiFeatureIndexes(name), ...apiFeatureTables(name)],
    message: "A feature imports another feature only through its index.ts (the other feature's public surface); move truly shared code to lib/ or db/.",
  })),
  {
    target: [`${apiSrc}/jobs`, `${apiSrc}/cli`],
    from: `${apiSrc}/features`,
    except: apiFeatureIndexes(null),
    message: "jobs/ and cli/ use a feature only through its index.ts (the feature's public surface).",
  },
  {
    target: `${apiSrc}/seed`,
    from: `${apiSrc}/features`,
    except: [...apiFeatureIndexes(null), ...apiFeatureTables(null)],
    message: "seed/ uses a feature only through its index.ts (the feature's public surface), or its tables file.",
  },
  {
    // db/ except the aggregate db/schema/index.ts (the next zone).
    target: [`${apiSrc}/lib`, `${apiSrc}/plugins`, `${apiSrc}/realtime`, `${apiSrc}/config`, `${apiRoot}/db/*.ts`, `${apiRoot}/db/!(schema)/**`, `${apiRoot}/db/schema/!(index).ts`],
    from: `${apiSrc}/features`,
    message: 'lib/, db/, plugins/, realtime/ and config/ import no feature: move the shared code here, or let app.ts pass it in (db/ reads tables through db/schema/index.ts).',
  },
  {
    target: `${apiRoot}/db/schema/index.ts`,
    from: `${apiRoot}/features/**`,
    except: [`${apiRoot}/features/*/*.tables.ts`],
    message: "db/schema/index.ts, the tables' aggregate, imports a feature's tables file only.",
  },
];
const apiBoundaries = {
  files: ['packages/api/src/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: { 'import/no-restricted-paths': ['error', { zones: apiZones, basePath: import.meta.dirname }] },
};
// ---- end of API feature boundaries ----------------------------------------------------------------
// ---- Web query keys (HOUSE_STYLE section 8: the web derives query keys from the endpoint declaration) ----
// A query key is built by lib/endpoint-keys.ts from the contract's endpoint declaration: the hooks
// of lib/endpoint-query.ts (useEndpointQuery, useEndpointMutation with `invalidates`,
// invalidateEndpoints) build and name them. Outside lib/ a `queryKey` may only be a call of the
// key builders (e.g. setQueryData(queryKeyOf(def, input), ...) for an answer shown at once); a
// literal array or a hand-written key factory would miss the other screens' cache of the same call.
const webQueryKeys = {
  files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.tsx'],
  ignores: ['packages/web/src/lib/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "Property[key.name='queryKey'][value.type!='CallExpression']",
        message: 'Query keys derive from the endpoint declaration: use useEndpointQuery / endpointQueryOptions, invalidate with useEndpointMutation({ invalidates }) or invalidateEndpoints (lib/endpoint-query.ts), not a literal queryKey.',
      },
      {
        selector: "Property[key.name='queryKey'][value.type='CallExpression']:not([value.callee.name=/^(queryKeyOf|pagesKeyOf|endpointKey)$/])",
        message: 'Query keys derive from the endpoint declaration: build one with queryKeyOf / pagesKeyOf / endpointKey (lib/endpoint-keys.ts), not a hand-written key factory.',
      },
      {
        // docs/dates.md: a native date field follows the browser's locale, not the UI language.
        selector: "JSXAttribute[name.name='type'][value.value='date']",
        message: 'Dates read in the UI language (docs/dates.md): use components/DateField, not a native type="date" input.',
      },
    ],
  },
};
// ---- end of web query keys ------------------------------------------------------------------------

// ---- Local rules (eslint-rules/) ------------------------------------------------------------------
const barrelMessage = "A feature's index.ts exports its services, not its repository: wrap the repository call in the owner's service (docs/architecture.md \"Feature boundaries (API)\").";
const barrelRepoSelectors = [
  { selector: "ExportNamedDeclaration[exportKind!='type'][source.value=/\\.repo$/]", message: barrelMessage },
  { selector: "ExportAllDeclaration[exportKind!='type'][source.value=/\\.repo$/]", message: barrelMessage },
  { selector: "ImportDeclaration[importKind!='type'][source.value=/\\.repo$/]", message: barrelMessage },
];
const routeSelectors = [
  { selector: "ImportSpecifier[imported.name='registerEndpoint'], MemberExpression[property.name='registerEndpoint']", message: 'Register the contract group whole with registerGroup(app, ctx, group, handlers) (pickGroup / omitGroup for a part of it), so its handlers are checked complete (docs/architecture.md "The route chain"); registerEndpoint is lib/route\'s own.', },
];
const lintProbes = 'packages/api/test/fixtures/lint-probes';

export default tseslint.config(
  { ignores: [`${lintProbes}/**`, '**/dist/**', '**/node_modules/**', 'data/**', 'demo-data/**', '**/*.js', '**/*.mjs', 'packages/api/src/db/migrations/**', '**/drizzle.config.ts'] },
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
      // `x == null` stays allowed: it tests null and undefined at once.
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: ['error', 'all'],
    },
  },
  // ---- Web hooks: the rules of hooks, and every value an effect or memo reads is in its dependencies ----
  {
    files: ['packages/web/src/**/*.ts', 'packages/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // ---- API / contract: tenancy and feature boundaries (docs/architecture.md) ----------------------
  // Tenancy has one home, packages/api/src/db/scope.ts (filters) and db/visible.ts (office / patient
  // look-ups): a feature or job never reads the scope's role, offices or patient id to build its own
  // tenant filter, and decides by permission (`can`), never by a role list. The rule goes by the
  // value's type (the Scope of db/scope.ts), not its name, so an alias, a destructuring or a
  // parameter named otherwise are caught too (eslint-rules/no-scope-internals.js).
  {
    files: ['packages/api/src/features/**/*.ts', 'packages/api/src/jobs/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { vigil: vigilPlugin },
    rules: { 'vigil/no-scope-internals': 'error' },
  },
  // A function that takes the caller's Scope uses it: a repository never accepts a scope and trusts
  // its caller with the tenant filter; rows of no tenant take a CatalogueDb, the server's own
  // cross-tenant work a SystemDb (packages/api/src/db/handles.ts, eslint-rules/scope-used.js).
  {
    files: ['packages/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { vigil: vigilPlugin },
    rules: { 'vigil/scope-used': 'error' },
  },
  // ---- Routes (docs/architecture.md "The route chain"): a routes file registers its contract group
  // whole with `registerGroup`, whose handlers the compiler checks complete (`pickGroup` / `omitGroup`
  // / `omitDeclaredIn` for a group split across plugin contexts or files); `registerEndpoint`, one
  // endpoint at a time, is lib/route's own. Covers src, the tests and the lint probes.
  {
    files: ['packages/api/src/**/*.ts', 'packages/api/test/**/*.ts'],
    ignores: ['packages/api/src/lib/route/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...routeSelectors,
      ],
    },
  },
  // A feature's barrel (its index.ts, the only door other features use) offers its services, never
  // its repositories: another feature's write goes through the owner's rules (docs/architecture.md
  // "Feature boundaries (API)"). Types of a repository's rows may be re-exported (`export type`).
  {
    files: ['packages/api/src/features/*/index.ts'],
    rules: { 'no-restricted-syntax': ['error', ...routeSelectors, ...barrelRepoSelectors] },
  },
  // The probes of packages/api/test/lint-probes.test.ts: code the rule must report (the folder is in
  // the global ignores, so `eslint packages` passes; the test lints it with `ignore: false`).
  {
    files: [`${lintProbes}/**/*.ts`],
    plugins: { vigil: vigilPlugin },
    rules: { 'vigil/no-scope-internals': 'error', 'vigil/scope-used': 'error' },
  },
  {
    files: [`${lintProbes}/barrel-*.ts`],
    rules: { 'no-restricted-syntax': ['error', ...routeSelectors, ...barrelRepoSelectors] },
  },
  // ---- end API / contract ----------------------------------------------------------------------------
  {
    files: ['**/*.test.ts', '**/*.int.test.ts', 'packages/e2e/**/*.ts', 'bench/**/*.ts', 'packages/api/src/cli/**/*.ts', 'packages/api/src/server.ts'],
    rules: { 'no-console': 'off' },
  },
  webBoundaries,
  apiBoundaries,
  webQueryKeys,
  ownership,
);
