// ESLint rule: a server module (apps/server/src/modules/<module>/) is used by everything outside it
// only through its index.ts, and never through its own index from inside (that is a cycle in
// waiting). Paths are resolved, not pattern-matched, so it holds at any folder depth. Decision 0027.
import path from 'node:path';

const modulesDir = path.join(import.meta.dirname, '..', 'apps', 'server', 'src', 'modules');

/** [module, rest of the path inside it] of a path under modules/, or undefined. */
function place(file) {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const [module, ...rest] = rel.split(path.sep);
  return module ? [module, rest] : undefined;
}

const isIndex = (rest) => rest.length === 0 || (rest.length === 1 && /^index(\.[cm]?[jt]s)?$/.test(rest[0]));

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its index.ts (docs/architecture/boundaries.md)' },
    messages: {
      deep: "'{{spec}}' reaches into the {{module}} module; import it from '{{index}}' (export the name from {{module}}/index.ts).",
      ownIndex: "Inside the {{module}} module import its files directly, not '{{spec}}' (its own index).",
    },
    schema: [],
  },
  create(context) {
    const from = place(context.filename);
    const fromModule = from && from[1].length > 0 ? from[0] : undefined;
    const check = (node) => {
      const spec = node?.type === 'Literal' ? node.value : undefined;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = place(path.resolve(path.dirname(context.filename), spec));
      if (!target) return;
      const [module, rest] = target;
      if (module !== fromModule && !isIndex(rest)) {
        const index = path
          .relative(path.dirname(context.filename), path.join(modulesDir, module))
          .split(path.sep)
          .join('/');
        context.report({
          node,
          messageId: 'deep',
          data: { spec, module, index: index.startsWith('.') ? index : `./${index}` },
        });
      } else if (module === fromModule && isIndex(rest) && !isIndex(from[1])) {
        context.report({ node, messageId: 'ownIndex', data: { spec, module } });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

export default { meta: { name: 'hasp-server-module-boundaries' }, rules: { 'module-boundaries': rule } };
