import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The rule as the repository's eslint.config.js uses it, run on fixture text (no type information needed).
const repo = path.resolve(import.meta.dirname, '../../..');
const ruleFile = pathToFileURL(path.join(repo, 'scripts/eslint-web-boundaries.js')).href;
const { default: web } = (await import(ruleFile)) as { default: ESLint.Plugin };

const eslint = new ESLint({
  cwd: repo,
  overrideConfigFile: true,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parser: tseslint.parser },
      plugins: { web },
      rules: { 'web/import-boundaries': ['error', { root: 'apps/web/src' }] },
    },
  ],
});

/** The boundary messages for `source` imported from `file` (relative to apps/web/src). */
async function problems(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport const y = x;\n`, {
    filePath: path.join(repo, 'apps/web/src', file),
  });
  return result!.messages.map((message) => message.message);
}

describe('web import boundaries (lint)', () => {
  it('refuses a feature importing another feature, at any folder depth', async () => {
    expect(await problems('features/assets/api/a.ts', '../../users/api/b')).toEqual([
      expect.stringContaining('features/assets imports features/users'),
    ]);
    expect(await problems('features/assets/components/deep/A.tsx', '../../../users')).toHaveLength(1);
  });

  it('refuses a feature importing app/, and shared code importing a feature or app/', async () => {
    expect(await problems('features/assets/components/A.tsx', '../../../app/routes/Page')).toHaveLength(1);
    expect(await problems('lib/a.ts', '../features/assets')).toHaveLength(1);
    expect(await problems('components/A.tsx', '../app/layout/TopBar')).toHaveLength(1);
    expect(await problems('workers/a.ts', '../features/numbering/api/keys')).toHaveLength(1);
  });

  it('allows a feature its own files and shared code, and app/ everything', async () => {
    expect(await problems('features/assets/components/deep/A.tsx', '../../api/keys')).toEqual([]);
    expect(await problems('features/assets/components/A.tsx', '../../../lib/http')).toEqual([]);
    expect(await problems('features/assets/components/A.tsx', '../../../components/Page')).toEqual([]);
    expect(await problems('app/layout/TopBar.tsx', '../../features/assets')).toEqual([]);
    expect(await problems('lib/a.ts', '@tanstack/react-query')).toEqual([]);
  });
});
