// One ESLint configuration for the whole repository.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { floorsPlugin } from './tools/eslint-floors.mjs';

/** What `common` may never import: Node built-ins, frameworks, I/O libraries, the other packages. */
export const COMMON_FORBIDDEN = {
  paths: [
    ...[
      'assert',
      'async_hooks',
      'buffer',
      'child_process',
      'cluster',
      'crypto',
      'dgram',
      'dns',
      'events',
      'fs',
      'fs/promises',
      'http',
      'http2',
      'https',
      'module',
      'net',
      'os',
      'path',
      'perf_hooks',
      'process',
      'querystring',
      'readline',
      'stream',
      'string_decoder',
      'timers',
      'tls',
      'tty',
      'url',
      'util',
      'v8',
      'vm',
      'worker_threads',
      'zlib',
    ].map((name) => ({
      name,
      message: 'common/ ist rein: keine Node-Module (Zeit, I/O und Plattform kommen als Parameter).',
    })),
  ],
  patterns: [
    { group: ['node:*'], message: 'common/ ist rein: keine Node-Module.' },
    {
      group: ['@nestjs/*', 'typeorm', 'typeorm/*', 'pg', '@electric-sql/*', 'express'],
      message: 'common/ kennt weder Nest noch Datenbank.',
    },
    {
      group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'mobx', 'mobx-react-lite', 'react-router'],
      message: 'common/ kennt kein UI-Framework.',
    },
    { group: ['electron', 'electron/*', 'node-thermal-printer'], message: 'common/ kennt kein Electron.' },
    {
      group: [
        '@ordering/backend',
        '@ordering/web',
        '@ordering/desktop',
        '**/backend/**',
        '**/web/**',
        '**/desktop/**',
      ],
      message: 'common/ hängt von keinem anderen Paket ab.',
    },
  ],
};

/**
 * The backend's one way in (docs/decisions/architecture.md): features reach the database through
 * `TransactionalConnection`, never the pool itself; only the infrastructure holds the `DataSource`.
 */
const ONE_WAY_MESSAGE =
  'Features erreichen die Datenbank nur über TransactionalConnection (core/transaction.ts), nie über die DataSource.';
export const BACKEND_DATA_SOURCE_FORBIDDEN = [
  {
    name: '@nestjs/typeorm',
    importNames: ['InjectDataSource', 'getDataSourceToken', 'InjectEntityManager', 'InjectRepository'],
    message: ONE_WAY_MESSAGE,
  },
  { name: 'typeorm', importNames: ['DataSource'], message: ONE_WAY_MESSAGE },
];
/** Audit entries come from events only: a feature publishes `entity.*`, the AuditSubscriber writes. */
export const BACKEND_AUDIT_FORBIDDEN = [
  {
    regex: '(^|/)logs/audit\\.service(\\.js)?$',
    message:
      'Audit-Einträge entstehen nur aus Ereignissen: entity.* veröffentlichen (core/events.ts), nicht AuditService aufrufen.',
  },
];
/** May hold the DataSource: the database itself, the core's connection and channel, backup, seed, CLI, root. */
const BACKEND_INFRASTRUCTURE = [
  'backend/src/core/**',
  'backend/src/database/**',
  'backend/src/backup/**',
  'backend/src/seed/**',
  'backend/src/schema/**',
  'backend/src/cli.ts',
  'backend/src/main.ts',
  'backend/src/app.module.ts',
];
/** May call AuditService: logs/ itself, and the CLI and seeds, which run without Nest's event bus. */
const BACKEND_AUDIT_WRITERS = [
  'backend/src/logs/**',
  'backend/src/seed/**',
  'backend/src/cli.ts',
  'backend/src/content/content.seed.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      '.nx/**',
      'release/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-empty-object-type': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/preload/**', 'desktop/src/renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    // The app asks in its own dialogs (focus on the safe answer, German, styled); never alert/confirm/prompt.
    rules: { 'no-alert': 'error' },
  },
  {
    files: ['common/src/**/*.ts'],
    ignores: ['common/src/**/*.spec.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
    rules: {
      'no-restricted-imports': ['error', COMMON_FORBIDDEN],
      'no-restricted-globals': [
        'error',
        { name: 'process', message: 'common/ ist rein: keine Prozess-Umgebung.' },
        { name: 'Buffer', message: 'common/ ist rein: kein Buffer.' },
        { name: 'require', message: 'common/ ist ein ES-Modul ohne require.' },
      ],
    },
  },
  {
    // The lower floors know no feature (docs/decisions/architecture.md; tools/eslint-floors.mjs).
    files: ['backend/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/**/*.spec.{ts,tsx}'],
    plugins: { floors: floorsPlugin },
    rules: { 'floors/import-downwards': 'error' },
  },
  // One rule, three allow-lists: a later block replaces the rule's options, so the blocks do not overlap.
  {
    files: ['backend/src/**/*.ts'],
    ignores: [...BACKEND_INFRASTRUCTURE, ...BACKEND_AUDIT_WRITERS],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: BACKEND_DATA_SOURCE_FORBIDDEN, patterns: BACKEND_AUDIT_FORBIDDEN },
      ],
    },
  },
  {
    files: BACKEND_INFRASTRUCTURE,
    ignores: BACKEND_AUDIT_WRITERS,
    rules: { 'no-restricted-imports': ['error', { patterns: BACKEND_AUDIT_FORBIDDEN }] },
  },
  {
    files: BACKEND_AUDIT_WRITERS,
    ignores: BACKEND_INFRASTRUCTURE,
    rules: { 'no-restricted-imports': ['error', { paths: BACKEND_DATA_SOURCE_FORBIDDEN }] },
  },
);
