/**
 * Import rules checked on the files imports resolve to (docs/ARCHITECTURE.md, "Import rules"):
 * no cycles between modules, tests included, and what packages/labs, packages/rich-text,
 * apps/server and e2e may import.
 */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or through others; type imports count.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'feature-repos',
      severity: 'error',
      comment:
        'A feature\'s repo is its own: other features use what its service offers (docs/ARCHITECTURE.md, "One owner per table").',
      from: { path: '^apps/server/src/features/([^/]+)/' },
      to: {
        path: '^apps/server/src/features/[^/]+/[^/]+[.]repo[.]ts$',
        pathNot: '^apps/server/src/features/$1/',
      },
    },
    {
      name: 'labs-imports',
      severity: 'error',
      comment:
        'packages/labs imports itself, the contract, node built-ins, node-pty and the Kubernetes client (its API double also the Kubernetes schemas and ws); never the server or the web.',
      from: { path: '^packages/labs/' },
      to: {
        dependencyTypesNot: ['core'],
        pathNot: [
          '^packages/labs/',
          '^packages/contract/',
          '^node_modules/node-pty/',
          '^node_modules/vitest/',
          '^node_modules/@kubernetes/client-node/',
          '^node_modules/kubernetes-models/',
          '^(node_modules/)?ws(/|$)',
        ],
      },
    },
    {
      name: 'labs-kubernetes-double-only',
      severity: 'error',
      comment:
        'The Kubernetes schemas and the WebSocket server serve the API double (test support) only.',
      from: {
        path: '^packages/labs/',
        pathNot: ['\\.test\\.ts$', '^packages/labs/src/kubernetes/(api-double|test-support)\\.ts$'],
      },
      to: { path: ['^node_modules/kubernetes-models/', '^(node_modules/)?ws(/|$)'] },
    },
    {
      name: 'labs-vitest-in-tests',
      severity: 'error',
      comment: 'Only the tests and the driver conformance suite of packages/labs import vitest.',
      from: {
        path: '^packages/labs/',
        pathNot: ['\\.test\\.ts$', '^packages/labs/src/conformance\\.ts$'],
      },
      to: { path: '^node_modules/vitest/' },
    },
    {
      name: 'labs-contract-types',
      severity: 'error',
      comment: 'packages/labs takes only types from the contract.',
      from: { path: '^packages/labs/' },
      to: { path: '^packages/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'rich-text-imports',
      severity: 'error',
      comment:
        'packages/rich-text imports itself and Tiptap (ProseMirror); vitest and fast-check in its tests. It runs on the server and in the browser: no node built-ins, never the contract, the server or the web.',
      from: { path: '^packages/rich-text/' },
      to: {
        pathNot: [
          '^packages/rich-text/',
          '^node_modules/@tiptap/',
          '^node_modules/vitest/',
          '^node_modules/fast-check/',
        ],
      },
    },
    {
      name: 'rich-text-test-tools-in-tests',
      severity: 'error',
      comment: 'Only the tests of packages/rich-text import vitest and fast-check.',
      from: { path: '^packages/rich-text/', pathNot: '\\.test\\.ts$' },
      to: { path: '^node_modules/(vitest|fast-check)/' },
    },
    {
      name: 'server-imports',
      severity: 'error',
      comment: 'apps/server never imports the web application.',
      from: { path: '^apps/server/' },
      to: { path: '^apps/web/' },
    },
    {
      name: 'e2e-imports',
      severity: 'error',
      comment:
        'e2e drives the UI and the public API: of our code it imports the contract only (start-server.ts runs the server as a child process).',
      from: { path: '^e2e/' },
      to: { path: '^(apps|packages|bench)/', pathNot: '^packages/contract/' },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(apps/[^/]+/|packages/[^/]+/|e2e/)(node_modules|dist)/' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
