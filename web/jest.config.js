import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../jest.preset.js';

// Node environment on purpose: stores and the API client are plain TypeScript, and components are checked
// by rendering them to a string; the real browser is covered by the Playwright tests in e2e/.
const config = preset(path.dirname(fileURLToPath(import.meta.url)), {
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/'],
});
// Stylesheets that screens import are Vite's business: an empty module here.
config.moduleNameMapper = { '\\.css$': '<rootDir>/src/testing/style-stub.ts', ...config.moduleNameMapper };
export default config;
