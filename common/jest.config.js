import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../jest.preset.js';

export default preset(path.dirname(fileURLToPath(import.meta.url)), {
  collectCoverageFrom: ['src/**/*.ts', '!src/**/*.spec.ts', '!src/index.ts', '!src/testing/**'],
  coverageReporters: ['text-summary', 'text'],
  coverageThreshold: { global: { lines: 95 } },
});
