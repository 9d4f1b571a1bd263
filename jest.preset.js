// One Jest set-up for every workspace: ESM + SWC (decorators and their metadata for Nest/TypeORM),
// `.js` suffixes of NodeNext imports mapped back to the TypeScript sources, @ordering/common from source.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** @param {string} dir the workspace folder; @param {import('jest').Config} extra */
export function preset(dir, extra = {}) {
  return {
    rootDir: dir,
    testEnvironment: 'node',
    // Under ESM (vm modules) every test file loads its own module graph and a worker keeps growing: the
    // backend's two workers reached 5 GB each and spent their time collecting garbage. A worker that holds
    // more than 1 GB after a file is replaced (a fresh process costs well under a second): the backend's
    // run on PGlite went from 900 s to 550 s on the same machine.
    workerIdleMemoryLimit: '1GB',
    extensionsToTreatAsEsm: ['.ts', '.tsx'],
    transform: {
      '^.+\\.(t|j)sx?$': [
        '@swc/jest',
        {
          jsc: {
            parser: { syntax: 'typescript', decorators: true, tsx: true },
            transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
            target: 'es2023',
            keepClassNames: true,
          },
          module: { type: 'es6' },
          sourceMaps: 'inline',
        },
      ],
    },
    moduleNameMapper: {
      '^@ordering/common$': path.join(root, 'common/src/index.ts'),
      '^@ordering/common/schemas$': path.join(root, 'common/src/schemas/index.ts'),
      '^(\\.{1,2}/.*)\\.js$': '$1',
    },
    testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx', '<rootDir>/test/**/*.spec.ts'],
    ...extra,
  };
}
