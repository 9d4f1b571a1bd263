// Proves that the lint rule keeping common/ pure fires (and stays quiet for pure code).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: root });
const probe = path.join(root, 'common/src/__boundary-probe.ts');

async function messagesFor(code, filePath = probe) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter(
    (m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-globals',
  );
}

for (const [what, code] of [
  ['a node: built-in', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"],
  ['a bare built-in', "import path from 'path';\nexport const x = path;\n"],
  ['NestJS', "import { Injectable } from '@nestjs/common';\nexport const x = Injectable;\n"],
  ['TypeORM', "import { Entity } from 'typeorm';\nexport const x = Entity;\n"],
  ['React', "import { useState } from 'react';\nexport const x = useState;\n"],
  ['Electron', "import { app } from 'electron';\nexport const x = app;\n"],
  ['the backend', "import { x as y } from '../../backend/src/main.js';\nexport const x = y;\n"],
  ['the process global', 'export const x = process.env.HOME;\n'],
]) {
  test(`common/ may not use ${what}`, async () => {
    const messages = await messagesFor(code);
    assert.ok(messages.length > 0, `expected a boundary error for ${what}`);
  });
}

test('pure code in common/ passes', async () => {
  const messages = await messagesFor(
    "import { t } from './i18n/de.js';\nexport const x = t;\nexport const y = new Intl.NumberFormat('de-AT');\n",
  );
  assert.deepEqual(messages, []);
});

test('the same imports are fine outside common/', async () => {
  const messages = await messagesFor(
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    path.join(root, 'backend/src/__probe.ts'),
  );
  assert.deepEqual(messages, []);
});

// The backend's lower floors (core/, database/, env/) import no feature: tools/eslint-floors.mjs.
async function floorMessagesFor(code, file) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'floors/import-downwards');
}

for (const [file, code] of [
  ['backend/src/core/__floor-probe.ts', "import { OrdersService } from '../orders/orders.service.js';\n"],
  ['backend/src/env/__floor-probe.ts', "import { Clock } from '../core/clock.js';\n"],
  ['backend/src/database/__floor-probe.ts', "import { ENTITIES } from '../schema/entities.js';\n"],
  [
    'backend/src/database/migrations/x/__floor-probe.ts',
    "import { User } from '../../../auth/user.entity.js';\n",
  ],
  ['backend/src/core/__floor-probe.ts', "export { AppModule } from '../app.module.js';\n"],
  ['backend/src/core/__floor-probe.ts', "export const m = () => import('../orders/orders.module.js');\n"],
  ['web/src/router/__floor-probe.ts', "import { useStores } from '../storefront/stores';\n"],
  [
    'web/src/components/__floor-probe.tsx',
    "import { BackofficeRootStore } from '../backoffice/BackofficeRootStore';\n",
  ],
]) {
  test(`${path.dirname(file)} may not import ${code.match(/'([^']+)'/)[1]}`, async () => {
    const messages = await floorMessagesFor(`${code}export const probe = 1;\n`, file);
    assert.equal(messages.length, 1, `expected one floor error in ${file}`);
  });
}

test('a floor imports its own folder and the floors below it; a feature imports a feature', async () => {
  for (const [file, code] of [
    [
      'backend/src/core/__floor-probe.ts',
      "import { Clock } from './clock.js';\nimport type { AppConfig } from '../env/config.js';\n",
    ],
    [
      'backend/src/database/__floor-probe.ts',
      "import { LOGGER } from '../core/tokens.js';\nimport { ConfigError } from '../env/config-error.js';\n",
    ],
    [
      'backend/src/orders/__floor-probe.ts',
      "import { PaymentsService } from '../payments/payments.service.js';\n",
    ],
  ]) {
    assert.deepEqual(await floorMessagesFor(`${code}export const probe = 1;\n`, file), [], file);
  }
});

// The backend's one way in: features reach the database through TransactionalConnection and write audit
// entries through events; only the infrastructure holds the DataSource, only logs/ calls AuditService.
async function restrictedFor(code, file) {
  const [result] = await eslint.lintText(`${code}export const probe = 1;\n`, {
    filePath: path.join(root, file),
  });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports');
}

const INJECT_DATA_SOURCE = "import { InjectDataSource } from '@nestjs/typeorm';\n";
const DATA_SOURCE_TYPE = "import type { DataSource } from 'typeorm';\n";
const AUDIT_SERVICE = "import { AuditService } from '../logs/audit.service.js';\n";

for (const [file, code] of [
  ['backend/src/orders/__one-way-probe.ts', INJECT_DATA_SOURCE],
  ['backend/src/health/__one-way-probe.ts', DATA_SOURCE_TYPE],
  ['backend/src/auth/__one-way-probe.ts', "import { getDataSourceToken } from '@nestjs/typeorm';\n"],
  ['backend/src/logs/__one-way-probe.ts', DATA_SOURCE_TYPE],
  ['backend/src/devices/__one-way-probe.ts', AUDIT_SERVICE],
  [
    'backend/src/operations/signage/__one-way-probe.ts',
    "import { AuditService } from '../../logs/audit.service';\n",
  ],
  ['backend/src/backup/__one-way-probe.ts', AUDIT_SERVICE],
]) {
  test(`${path.dirname(file)} may not import ${code.match(/\{ (\w+) \}/)[1]}`, async () => {
    assert.equal((await restrictedFor(code, file)).length, 1, `expected one one-way error in ${file}`);
  });
}

test('the infrastructure holds the DataSource; logs/, the CLI and the seed write audit entries', async () => {
  for (const [file, code] of [
    ['backend/src/core/__one-way-probe.ts', INJECT_DATA_SOURCE + DATA_SOURCE_TYPE],
    ['backend/src/database/__one-way-probe.ts', DATA_SOURCE_TYPE],
    ['backend/src/backup/__one-way-probe.ts', DATA_SOURCE_TYPE],
    ['backend/src/app.module.ts', DATA_SOURCE_TYPE],
    ['backend/src/logs/__one-way-probe.ts', "import { AuditService } from './audit.service.js';\n"],
    ['backend/src/cli.ts', INJECT_DATA_SOURCE + "import { AuditService } from './logs/audit.service.js';\n"],
    ['backend/src/content/content.seed.ts', AUDIT_SERVICE],
    [
      'backend/src/orders/__one-way-probe.ts',
      "import { CollectionVersions } from '../logs/collection-versions.js';\nimport { In } from 'typeorm';\n",
    ],
  ]) {
    assert.deepEqual(await restrictedFor(code, file), [], file);
  }
});
