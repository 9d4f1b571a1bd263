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
