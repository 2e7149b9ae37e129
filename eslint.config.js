// @ts-check
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * The architecture's import boundaries (docs/adr/0001). Each layer lists what it must not
 * import, with the reason, so a lint error teaches the rule.
 */
const NO_PLAYGROUND_OR_TESTS = {
  regex: '^(#(playground|console|tests)(/|$)|(\\.\\./)+(playground|console|tests)/)',
  message: 'Nothing imports playground/, console/ or tests/: they sit on top of everything else.',
}
const NO_ENGINE_INTERNALS = {
  regex: '^(#engine/(?!server$|data$|mutation$|tools$|dialog$|table$|reload-guard$|idle$|client$)|(\\.\\./)+engine/)',
  message:
    'Use the engine through its public entry (#engine; #engine/data for page data; #engine/mutation to change it; #engine/server on the server; #engine/tools for the playground and stories; #engine/dialog for a dialog; #engine/spinner for a spinner; #engine/table for a table; #engine/idle for a form kept over an idle sign-out; #engine/reload-guard and #engine/client for a browser entry), not its files.',
}

const ENGINE_NOT_THE_SITE = {
  regex: '^(#(blocks|site-config|server)(/|$)|(\\.\\./)+(blocks|site-config|server)/)',
  message:
    'The engine never imports blocks/, site-config/ or server/: it knows nothing about the dental site. Take what it needs as a parameter.',
}

const NO_ZOD_DIRECTLY = {
  regex: '^zod(/|$)',
  message:
    "Import z from #schemas/engine/zod.ts (in schemas/, ./engine/zod.ts): zod's functional build with English messages. zod's classic build puts a method on every schema, which every page would load (docs/adr/0009).",
}

/**
 * Route modules (`server/features/<feature>/*-routes.ts`) parse a request with its contract, call a
 * service and shape the answer; the SQL and the rules around it are the feature's services.
 */
const NO_QUERY_LAYER = {
  regex: '^(#server/|(\\.\\./)+)platform/db/',
  allowTypeImports: true,
  message:
    "A route module runs no SQL: it parses, calls a service and answers. Import the feature's service that holds the query, not the query layer (server/platform/db; a type of it is fine).",
}
const NO_SQL_IN_ROUTES = {
  // Every statement goes through a handle's query or transaction; hono's c.req.query() reads the address.
  selector: "CallExpression[callee.property.name=/^(query|transaction)$/]:not([callee.object.property.name='req'])",
  message:
    "A route module runs no SQL: it parses, calls a service and answers. Move the statement, and the rules around it, into the feature's service that takes the db or tx handle; it throws a domain error (server/platform/errors.ts) that the API answers.",
}
/** A feature's services know nothing of HTTP. */
const NO_HTTP_IN_SERVICES = {
  regex: '^(#server/|(\\.\\./)+)(platform/http/|context\\.ts$)',
  message:
    'A service holds the rules and the SQL and knows nothing of HTTP: throw a domain error (server/platform/errors.ts), which the API answers (server/app.ts).',
}
/** A feature is entered by its index.ts only (docs/guides/add-an-endpoint.md). */
const ONE_DOOR_PER_FEATURE = {
  regex: '^(\\.\\./[a-z-]+/(?!index\\.ts$)|#server/features/[a-z-]+/(?!index\\.ts$))',
  message:
    'Another feature is entered by its index.ts only (server/features/<feature>/index.ts): export what it offers there, and import that, never a file inside it.',
}
/** The app's frame (server/*.ts: the app, its middleware, bootstrap, the listener) enters a feature by its index.ts too. */
const FRAME_ENTERS_BY_THE_DOOR = {
  regex: '^(\\./features/[a-z-]+/(?!index\\.ts$)|#server/features/[a-z-]+/(?!index\\.ts$))',
  message:
    'The app enters a feature by its index.ts only (server/features/<feature>/index.ts), as features enter each other: export what it needs there.',
}
/**
 * The console's feature folders (console/<feature>/, named like the server's) are entered by their
 * index.ts only; what every screen uses is in console/frame/. The console's root (app.tsx,
 * screens.ts) wires the screens together and loads each screen's module as a chunk of its own.
 */
const ONE_DOOR_PER_CONSOLE_FEATURE = {
  regex: '^\\.\\./(?!frame/)[a-z-]+/(?!index\\.ts$)',
  message:
    "Another of the console's feature folders is entered by its index.ts only (console/<feature>/index.ts): export what it offers there, and import that, never a file inside it; what every screen uses belongs in console/frame/.",
}
/** The console's frame is what every screen uses: it knows none of them. */
const FRAME_KNOWS_NO_CONSOLE_FEATURE = {
  regex: '^\\.\\./(?!frame/)[a-z-]+/',
  message:
    "console/frame/ is what every screen of the console uses: it imports none of the console's feature folders (the screens take what they need from it).",
}
/** The platform is what every feature uses: it knows none of them. */
const PLATFORM_KNOWS_NO_FEATURE = {
  regex: '^(#server/features/|(\\.\\./)+features/|(\\.\\./)+(app|context|bootstrap|tenants)\\.ts$)',
  message:
    'server/platform/ is what every feature uses (http, database, mail, payments, jobs): it imports no feature and not the app; a feature registers itself (server/features/registry.ts).',
}

/**
 * @param {string} dir
 * @param {{ regex: string, message: string, allowTypeImports?: boolean }[]} patterns
 * @returns {import('eslint').Linter.Config}
 */
const boundary = (dir, patterns) => ({
  files: [`${dir}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, NO_PLAYGROUND_OR_TESTS, NO_ZOD_DIRECTLY] }] },
})

const BLOCK_NOT_SITE = {
  regex: '^(#(site-config|server)(/|$)|(\\.\\./)+(site-config|server)/)',
  message: 'Blocks never import site-config/ or server/: a block gets everything through its props.',
}
const BLOCK_NOT_ANOTHER = "A block never reaches into another block's files; share code through blocks/kit/."
const BLOCK = [
  NO_ENGINE_INTERNALS,
  BLOCK_NOT_SITE,
  { regex: '^(#blocks/|\\.\\./(?!kit/)[^/]+/)', message: BLOCK_NOT_ANOTHER },
]
const KIT = [
  NO_ENGINE_INTERNALS,
  BLOCK_NOT_SITE,
  { regex: '^(#blocks/|\\.\\./\\.\\./[^/]+/)', message: BLOCK_NOT_ANOTHER },
]

/**
 * The shapes a view (or a block's definition or queries, which load with the page) may import at
 * run time: those without zod. tests/architecture.test.ts checks that each of them imports no zod.
 */
export const ZOD_FREE_SHAPES = [
  'api/[a-z-]+(\\.console)?\\.routes\\.ts',
  'api/search-limits\\.ts',
  'password-rules\\.ts',
  'membership-terms\\.ts',
  'member\\.ts',
  'dmhc\\.ts',
  'language-assistance\\.ts',
  'languages\\.ts',
  'fill-text\\.ts',
  'membership-states\\.ts',
  'days\\.ts',
]
const VIEW_SHAPES = {
  regex: `^#schemas/(?!(${ZOD_FREE_SHAPES.join('|')})$)`,
  allowTypeImports: true,
  message:
    "A view, a block's definition and its queries load with the page, and a shape module brings zod and its schemas with it: refer to a contract by its reference (#schemas/api/<name>.routes.ts), and load a schema lazily from props.ts, settings.ts or a form's schema module (docs/adr/0020). A type import is fine.",
}

/**
 * @param {string[]} files
 * @param {{ regex: string, message: string, allowTypeImports?: boolean }[]} patterns the folder's own
 * @returns {import('eslint').Linter.Config}
 */
const views = (files, patterns) => ({
  files,
  ignores: ['**/*.test.{ts,tsx}', '**/*.stories.tsx', 'blocks/kit/testing/**'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...patterns, VIEW_SHAPES, NO_PLAYGROUND_OR_TESTS, NO_ZOD_DIRECTLY] },
    ],
  },
})

const NO_TOP_LEVEL_AWAIT = {
  selector: 'AwaitExpression:not(:function AwaitExpression)',
  message:
    'No top-level await in the browser’s modules: to load code before the page hydrates, use loadBeforeHydration (#engine).',
}

const BUTTON_CLASSES_MESSAGE = `A button’s look is written once, in blocks/kit/ui/button.tsx: <Button variant="primary"> for a button, <ButtonLink variant="outline"> for a link of the site, buttonClass('primary') for another element (a link from content, a menu’s trigger); not the btn-* classes themselves.`
const NO_BUTTON_CLASSES = [
  { selector: 'Literal[value=/(^|\\s)btn-(primary|outline)(\\s|$)/]', message: BUTTON_CLASSES_MESSAGE },
  { selector: 'TemplateElement[value.raw=/(^|\\s)btn-(primary|outline)(\\s|$)/]', message: BUTTON_CLASSES_MESSAGE },
]

/**
 * The site's UI kit (blocks/kit/ui/) is the one place a block names the btn-* classes (exported for
 * the architecture test). The blocks' code keeps the rule against a top-level await: a later config
 * replaces a rule's options for the files it matches.
 */
/** @type {import('eslint').Linter.Config[]} */
export const uiKit = [
  {
    files: ['blocks/**/*.{ts,tsx}'],
    ignores: ['blocks/kit/ui/**', '**/*.test.{ts,tsx}', '**/*.stories.tsx'],
    rules: { 'no-restricted-syntax': ['error', NO_TOP_LEVEL_AWAIT, ...NO_BUTTON_CLASSES] },
  },
  {
    files: ['blocks/**/*.stories.tsx'],
    ignores: ['blocks/kit/ui/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_BUTTON_CLASSES] },
  },
]

/** The boundaries, one config per layer (exported for the architecture test). */
/** @type {import('eslint').Linter.Config[]} */
export const boundaries = [
  boundary('schemas', [
    {
      regex: '^(?!zod$|zod/|\\./|\\.\\./[a-z-]+\\.ts$)',
      message: 'schemas/ imports only zod (and its own files): shapes are the bottom layer.',
    },
  ]),
  boundary('schemas/api', [
    {
      regex: '^(?!zod$|zod/|\\./|\\.\\./([a-z-]+|engine/[a-z-]+)\\.ts$)',
      message: 'schemas/ imports only zod (and its own files): shapes are the bottom layer.',
    },
  ]),
  // The engine's shapes know nothing of the site's.
  boundary('schemas/engine', [
    {
      regex: '^(?!zod$|zod/|\\./[a-z-]+\\.ts$)',
      message:
        "schemas/engine/ holds the engine's own shapes: it imports only zod and its own files, never the site's shapes in schemas/.",
    },
  ]),
  // The one module that imports zod itself.
  { files: ['schemas/engine/zod.ts'], rules: { 'no-restricted-imports': 'off' } },
  boundary('engine', [ENGINE_NOT_THE_SITE]),
  // The engine's code and its test site: of schemas/, only its own shapes. Its tests are held to the
  // same by tests/architecture.test.ts, which follows every import they make.
  {
    ...boundary('engine', [
      ENGINE_NOT_THE_SITE,
      {
        regex: '^#schemas/(?!engine/)',
        message:
          "The engine takes the site's shapes (content, session, config, page and layout keys, staff roles) from the site's registration (Register, which the site augments through #engine) and the site's adapters (SiteDefinition); of schemas/ it imports only its own, in schemas/engine/.",
      },
    ]),
    ignores: ['engine/**/*.test.{ts,tsx}', 'engine/**/*.test-d.ts'],
  },
  boundary('blocks', BLOCK),
  // The kit's feature folders (chrome, forms, catalog, checkout, format, testing, ui) import each
  // other (`../ui/button.tsx`); from a folder of the kit, `../../` is blocks/.
  boundary('blocks/kit', KIT),
  // What loads with a page: a block's views, its definition and its queries (the kit's views too).
  views(['blocks/*/*.tsx', 'blocks/*/block.ts', 'blocks/*/queries.ts'], BLOCK),
  views(['blocks/kit/**/*.tsx'], KIT),
  boundary('site-config', [
    NO_ENGINE_INTERNALS,
    {
      regex: '^(#server(/|$)|(\\.\\./)+server/)',
      message: 'site-config/ is data and wiring; it never imports the server.',
    },
  ]),
  boundary('server', [NO_ENGINE_INTERNALS]),
  {
    ...boundary('server', [NO_ENGINE_INTERNALS, FRAME_ENTERS_BY_THE_DOOR]),
    files: ['server/*.ts'],
    ignores: ['server/*.test.ts'],
  },
  // A feature's files: other features through their index.ts; its route modules run no SQL, its
  // services know nothing of HTTP (the tests set up and read rows themselves).
  {
    ...boundary('server/features', [NO_ENGINE_INTERNALS, ONE_DOOR_PER_FEATURE, NO_HTTP_IN_SERVICES]),
    // The registry (server/features/*.ts) takes each feature's definition (its feature.ts).
    ignores: ['server/features/*.ts', 'server/features/**/*.test.ts', 'server/features/**/*-routes.ts'],
  },
  {
    ...boundary('server/features', [NO_ENGINE_INTERNALS, ONE_DOOR_PER_FEATURE, NO_QUERY_LAYER]),
    files: ['server/features/**/*-routes.ts'],
  },
  {
    files: ['server/features/**/*-routes.ts'],
    rules: { 'no-restricted-syntax': ['error', NO_SQL_IN_ROUTES] },
  },
  {
    ...boundary('server/platform', [NO_ENGINE_INTERNALS, PLATFORM_KNOWS_NO_FEATURE]),
    ignores: ['server/platform/**/*.test.ts'],
  },
  boundary('playground', [NO_ENGINE_INTERNALS]),
  boundary('console', [NO_ENGINE_INTERNALS]),
  {
    ...boundary('console', [NO_ENGINE_INTERNALS, ONE_DOOR_PER_CONSOLE_FEATURE]),
    files: ['console/*/**/*.{ts,tsx}'],
    ignores: ['console/frame/**'],
  },
  boundary('console/frame', [NO_ENGINE_INTERNALS, FRAME_KNOWS_NO_CONSOLE_FEATURE]),
  // The engine's second site (a noticeboard, in its own TypeScript program): it proves the engine
  // serves a site that is not dental, so it may use only the engine and the engine's shapes.
  boundary('tests/engine-site', [
    {
      regex:
        '^(#(blocks|site-config|server)(/|$)|#schemas/(?!engine/)|(\\.\\./)+(blocks|site-config|server)/|(\\.\\./)+schemas/(?!engine/))',
      message:
        'The noticeboard shows that the engine serves a site that is not dental: it imports only the engine (#engine, #engine/server, #engine/client) and its shapes (#schemas/engine/), nothing of the dental site.',
    },
    {
      regex: '^(#engine/(?!server$|client$)|(\\.\\./)+engine/(?!served-page\\.ts$))',
      message:
        'The noticeboard uses the engine through its public entries (#engine, #engine/server, #engine/client), as a site does.',
    },
  ]),
]

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'storybook-static/', 'test-results/', 'playwright-report/', '.data/', '.tmp/'],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { varsIgnorePattern: '^_', argsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      // react-router's idiom: loaders throw `data()` and `redirect()` responses.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [
            { from: 'lib', name: 'Response' },
            { from: 'package', package: 'react-router', name: 'DataWithResponseInit' },
          ],
        },
      ],
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-expect-error': 'allow-with-description', 'ts-ignore': true },
      ],
    },
  },
  {
    // The browser's modules share chunks (vite.config.ts): a module that awaits, as it loads, a chunk
    // importing it back would wait for good (the page never hydrates).
    files: ['engine/**/*.{ts,tsx}', 'blocks/**/*.{ts,tsx}', 'site-config/**/*.{ts,tsx}', 'schemas/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.stories.tsx'],
    rules: { 'no-restricted-syntax': ['error', NO_TOP_LEVEL_AWAIT] },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  ...boundaries,
  ...uiKit,
  {
    files: [
      '**/*.test.{ts,tsx}',
      'tests/**/*.ts',
      'server/test-harness.ts',
      'server/test-staff-setup.ts',
      'server/features/members/member-test-changes.ts',
    ],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
      // Tests read JSON they assert on, and build paths from ids.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/restrict-plus-operands': 'off',
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
    },
  },
)
