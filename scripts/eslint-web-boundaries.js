// The web app's import boundaries, as an ESLint rule (decision 0026). A feature folder is a
// boundary: it never imports another feature or app/ (app/ composes features); shared code
// (components/, lib/, pwa/, offline-db/, workers/, styles/) imports neither features nor app/.
// The rule resolves each relative import against the importing file, so it holds at any folder
// depth, which plain `no-restricted-imports` patterns (they only see the import text) cannot.
import path from 'node:path';

const SHARED = new Set(['components', 'lib', 'pwa', 'offline-db', 'workers', 'styles', 'test']);

/** Where a file lies under apps/web/src: `features/<name>`, `app`, a shared folder, or null (outside). */
function areaOf(file, root) {
  const relative = path.relative(root, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, second] = relative.split(path.sep);
  if (first === 'features' && second) return `features/${second}`;
  return first ?? null;
}

/** Why `from` may not import `to`, or null when it may. */
function refusal(from, to) {
  if (to === null || from === to) return null;
  const toFeature = to.startsWith('features/');
  if (from.startsWith('features/')) {
    if (toFeature)
      return `${from} imports ${to}: features never import each other (compose them in app/, or move the shared piece to components/ or lib/).`;
    if (to === 'app')
      return `${from} imports app/: features never import app/ (app/ composes features; move the shared piece to components/ or lib/).`;
    return null;
  }
  if (SHARED.has(from) && (toFeature || to === 'app')) {
    return `${from}/ imports ${to === 'app' ? 'app/' : to}: shared code never imports features or app/.`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Web feature and shared-code import boundaries' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false },
    ],
  },
  create(context) {
    const root = path.resolve(context.cwd, context.options[0].root);
    const from = areaOf(context.filename, root);
    if (from === null) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const message = refusal(from, areaOf(path.resolve(path.dirname(context.filename), source), root));
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
