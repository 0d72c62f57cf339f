/**
 * No import cycles between folders (features, shared, lib ...) in the code that ships: tests
 * are left out, since a test may use the helpers of the folders it exercises.
 */
import modules from './.dependency-cruiser.mjs';

export default {
  forbidden: [
    {
      name: 'no-circular-folders',
      severity: 'error',
      comment: 'Folders whose modules import each other, directly or through other folders.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    ...modules.options,
    exclude: {
      path: [
        '(^|/)(node_modules|dist)/',
        '\\.(test|spec)\\.tsx?$',
        '^apps/[^/]+/src/test/',
        // The list files gather every feature by design; module cycles through them are still checked.
        '^apps/server/src/db/schema\\.ts$',
        '^apps/server/src/features/index\\.ts$',
        // Tables name the tables they reference (foreign keys): the data model, not code that runs.
        '^apps/server/src/features/[^/]+/[^/]+\\.schema\\.ts$',
      ],
    },
  },
};
