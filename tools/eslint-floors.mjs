// A lint rule that keeps the lower floors of a package free of features (faces in the web): a file in a floor folder may
// import (by a relative path) only files of the folders that floor lists. Features are everything else,
// so a new feature folder needs no entry here. See docs/decisions/architecture.md.
import path from 'node:path';

/** Per package source root: floor folder → the folders its files may import. */
export const FLOORS = {
  'backend/src': {
    env: ['env'],
    core: ['core', 'env'],
    database: ['database', 'core', 'env'],
  },
  // The web's shared pieces know no face (storefront, kiosk, backoffice, timeclock) and not app/.
  'web/src': {
    i18n: ['i18n'],
    router: ['router'],
    api: ['api', 'i18n'],
    stores: ['stores', 'api', 'i18n'],
    shell: ['shell', 'router', 'stores', 'api', 'i18n'],
    components: ['components', 'router', 'stores', 'api', 'i18n'],
  },
};

/** The package root and its top-level folder a file lies in, or null outside every root. */
function placeOf(file, cwd) {
  const rel = path.relative(cwd, file).split(path.sep).join('/');
  for (const root of Object.keys(FLOORS)) {
    if (rel.startsWith(`${root}/`)) {
      const inner = rel.slice(root.length + 1).split('/');
      return { root, folder: inner.length > 1 ? inner[0] : null };
    }
  }
  return null;
}

export const floorsPlugin = {
  rules: {
    'import-downwards': {
      meta: {
        type: 'problem',
        docs: { description: 'a lower floor (core/, database/, env/ …) imports no feature' },
        schema: [],
        messages: {
          uphill:
            '{{from}}/ ist ein unteres Stockwerk und darf {{to}}/ nicht importieren (erlaubt: {{allowed}}); siehe docs/decisions/architecture.md.',
        },
      },
      create(context) {
        const here = placeOf(context.filename, context.cwd);
        const allowed = here?.folder ? FLOORS[here.root][here.folder] : undefined;
        if (!allowed) return {};
        const check = (node, source) => {
          if (typeof source !== 'string' || !source.startsWith('.')) return;
          const target = placeOf(path.resolve(path.dirname(context.filename), source), context.cwd);
          if (!target || target.root !== here.root || target.folder === null) {
            // Above the package's source root (another package) or a top-level file (app.module.ts …).
            context.report({
              node,
              messageId: 'uphill',
              data: { from: here.folder, to: source, allowed: allowed.join(', ') },
            });
            return;
          }
          if (!allowed.includes(target.folder)) {
            context.report({
              node,
              messageId: 'uphill',
              data: { from: here.folder, to: target.folder, allowed: allowed.join(', ') },
            });
          }
        };
        return {
          ImportDeclaration: (node) => check(node.source, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
          ExportAllDeclaration: (node) => check(node.source, node.source.value),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
        };
      },
    },
  },
};
