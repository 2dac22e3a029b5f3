import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter, type ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Server modules may depend on each other only one way (decision 0027). The graph is built from
// the import statements themselves, type-only imports included: two modules that name each
// other's types are one module in two folders. (eslint-plugin-import-x's no-cycle costs no
// measurable lint time here, but skips type imports and, tried, missed an auth → user-manage →
// auth cycle running through the index re-exports: decision 0027.)
const repo = path.resolve(import.meta.dirname, '../../..');
const modulesDir = path.join(repo, 'apps/server/src/modules');

function filesOf(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const specifiers = (text: string) =>
  [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)'([^']+)'/g)].map((match) => match[1]!);

/** module → the other modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(modulesDir)) {
    const edges = new Set<string>();
    graph.set(module, edges);
    for (const file of filesOf(path.join(modulesDir, module))) {
      for (const spec of specifiers(readFileSync(file, 'utf8'))) {
        if (!spec.startsWith('.')) continue;
        const rel = path.relative(modulesDir, path.resolve(path.dirname(file), spec));
        const target = rel.split(path.sep)[0];
        if (target && !rel.startsWith('..') && target !== module) edges.add(target);
      }
    }
  }
  return graph;
}

/** Every cycle as a path `a → b → a` (one per strongly connected group, found by DFS). */
function findCycles(graph: Map<string, Set<string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' → '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('server module boundaries', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['auth', new Set(['users', 'user-manage'])],
      ['user-manage', new Set(['audit', 'auth'])],
      ['users', new Set<string>()],
      ['audit', new Set<string>()],
    ]);
    expect(findCycles(graph)).toEqual(['auth → user-manage → auth']);
  });

  it('has no import cycle between modules', () => {
    const graph = moduleGraph();
    expect(graph.get('user-management')).toContain('user-manage');
    expect(findCycles(graph)).toEqual([]);
  });

  it('lint refuses a reach into another module and a module importing its own index', async () => {
    const pluginFile = path.join(repo, 'scripts/eslint-server-module-boundaries.js');
    const plugin = ((await import(pathToFileURL(pluginFile).href)) as { default: ESLint.Plugin }).default;
    const linter = new Linter({ configType: 'flat', cwd: repo });
    const config = [
      {
        files: ['**/*.ts'],
        plugins: { 'hasp-server': plugin },
        rules: { 'hasp-server/module-boundaries': 'error' as const },
      },
    ];
    const lint = (file: string, code: string) =>
      linter.verify(code, config, { filename: path.join(repo, 'apps/server/src', file) }).map((m) => m.message);

    const inSso = 'modules/sso/saml/saml-client.ts';
    expect(lint(inSso, "import { a } from '../../auth/password';")).toEqual([
      "'../../auth/password' reaches into the auth module; import it from '../../auth' (export the name from auth/index.ts).",
    ]);
    expect(lint(inSso, "import { a } from '../../auth';\nimport { b } from '../../auth/index';")).toEqual([]);
    expect(lint(inSso, "import { a } from '../sso-settings';\nimport { b } from '../../../db/schema';")).toEqual([]);
    expect(lint('app.ts', "export { a } from './modules/audit/audit.repository';")).toHaveLength(1);
    expect(lint('db/seed/demo.ts', "const m = import('../../modules/auth/password');")).toHaveLength(1);
    expect(lint('modules/auth/auth.service.ts', "import { a } from '.';\nimport { b } from './index';")).toEqual([
      "Inside the auth module import its files directly, not '.' (its own index).",
      "Inside the auth module import its files directly, not './index' (its own index).",
    ]);
    expect(lint('modules/auth/index.ts', "export { a } from './password';")).toEqual([]);
  });
});
