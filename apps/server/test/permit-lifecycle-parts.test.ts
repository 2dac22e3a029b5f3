import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { composePermitLifecycle, permitGuardHooks } from '../src/modules/permits';
import { permitLifecycleParts } from '../src/permit-lifecycle';

const modules = path.join(import.meta.dirname, '../src/modules');

/** Every `export const <name>: PermitLifecyclePart` in the modules' sources. */
function declaredParts(): string[] {
  return readdirSync(modules, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .flatMap((entry) => [
      ...readFileSync(path.join(entry.parentPath, entry.name), 'utf8').matchAll(
        /export const (\w+): PermitLifecyclePart\b/g,
      ),
    ])
    .map((match) => match[1]!);
}

describe('the permit lifecycle is composed from one list', () => {
  it('names every part a module declares, once', () => {
    const listed = readFileSync(path.join(import.meta.dirname, '../src/permit-lifecycle.ts'), 'utf8');
    const parts = declaredParts();
    expect(parts.length).toBe(permitLifecycleParts.length);
    for (const name of parts)
      expect(listed, `${name} is not in src/permit-lifecycle.ts`).toMatch(new RegExp(`^  ${name},$`, 'm'));
  });

  it('gives issue the guards of the gas tests and the questions, in the list order', () => {
    composePermitLifecycle(permitLifecycleParts);
    const issue = permitGuardHooks().issue ?? [];
    // gasTestsClear('issued') and the issue stage's questions: one each.
    expect(issue).toHaveLength(2);
  });
});
