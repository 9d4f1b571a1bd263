import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { preset } from '../jest.preset.js';

// Main-process logic only; nothing here loads the electron package (its binary is not needed).
// The Electron end-to-end test in e2e/ runs with Playwright when a binary is available.
export default preset(path.dirname(fileURLToPath(import.meta.url)));
