// The architecture's rules a reader cannot see in one file, counted on every `npm test`
// (docs/architecture.md, "Checked on every run"; decision 0122):
// - no import cycle in the server, the web app or the contracts, type imports included (a lazy
//   `import()` back to its loader is not one: nothing runs while the other half is unset);
// - the platform (`platform/`, `plugins/`, `app-context.ts`) names no module;
// - writes go through the command runner: transactions opened outside `platform/`, the database
//   tools (`db/`) and jobs, and audit rows written outside the runner, may only fall. Each limit is
//   the count when it was last lowered: lower it with the change that moves a write onto commands.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';

const root = path.join(import.meta.dirname, '..');
const server = path.join(root, 'apps/server/src');

/** The most transactions and audit writers outside the runner that may remain (lower, never raise). */
const LIMITS = { transactions: 0, auditWriters: 0 };

/** Every .ts/.tsx file under a folder, as paths relative to the repository. */
function sourceFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

async function cyclesIn(folder, tsconfig) {
  const entries = sourceFiles(path.join(root, folder));
  const tree = await parseDependencyTree(entries, {
    context: root,
    tsconfig: path.join(root, tsconfig),
    transform: false, // keep type imports: a type cycle is still two files that cannot be read apart
    skipDynamicImports: false,
    include: /\.(tsx?|mjs|js)$/,
    exclude: /node_modules/,
  });
  // A dynamic import() edge is how a screen or an SDK loads on demand; counting it would forbid
  // the loaded module from naming its loader's types.
  return parseCircular(tree, true);
}

const problems = [];
const report = [];

for (const [name, folder, tsconfig] of [
  ['contracts', 'packages/contracts/src', 'packages/contracts/tsconfig.json'],
  ['server', 'apps/server/src', 'apps/server/tsconfig.json'],
  ['web', 'apps/web/src', 'apps/web/tsconfig.json'],
]) {
  const cycles = await cyclesIn(folder, tsconfig);
  report.push(`import cycles in ${name}: ${cycles.length}`);
  for (const cycle of cycles) problems.push(`import cycle in ${name}: ${[...cycle, cycle[0]].join(' -> ')}`);
}

const serverFiles = sourceFiles(server).map((file) => path.relative(server, path.join(root, file)));
const read = (file) => readFileSync(path.join(server, file), 'utf8');

const platformFiles = serverFiles.filter((f) => /^(platform|plugins)\//.test(f) || f === 'app-context.ts');
const platformImports = platformFiles.flatMap((file) =>
  [...read(file).matchAll(/from '([^']*\/modules\/[^']*)'/g)].map((m) => `${file} imports ${m[1]}`),
);
report.push(`platform imports of a module: ${platformImports.length}`);
problems.push(...platformImports.map((line) => `the platform names a module: ${line}`));

const mayOpenTransactions = (file) => /^(platform|db)\//.test(file) || /(\.job|jobs)\.ts$/.test(file);
const transactions = serverFiles
  .filter((file) => !mayOpenTransactions(file))
  .map((file) => [file, read(file).match(/\.transaction\(\)/g)?.length ?? 0])
  .filter(([, count]) => count > 0);
const transactionCount = transactions.reduce((sum, [, count]) => sum + count, 0);
report.push(
  `transactions opened outside the platform, db/ and jobs: ${transactionCount} (at most ${LIMITS.transactions})`,
);
for (const [file, count] of transactions) report.push(`  ${file}: ${count}`);
if (transactionCount > LIMITS.transactions) {
  problems.push(`${transactionCount} transactions outside the runner, more than ${LIMITS.transactions}: use a command`);
}

const auditWriters = serverFiles.filter(
  (file) => !/^(platform|db)\//.test(file) && !/^modules\/audit\//.test(file) && /\brecordAudit\(/.test(read(file)),
);
report.push(`files writing audit rows outside the runner: ${auditWriters.length} (at most ${LIMITS.auditWriters})`);
for (const file of auditWriters) report.push(`  ${file}`);
if (auditWriters.length > LIMITS.auditWriters) {
  problems.push(`${auditWriters.length} files write audit rows themselves, more than ${LIMITS.auditWriters}`);
}

console.log(report.join('\n'));
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`);
  process.exit(1);
}
