// The map of the code in docs/architecture.md, written from the code itself (decision 0124): one
// row per server module (apps/server/src/modules/*) and per web feature (apps/web/src/features/*),
// each its folder and the header of its index.ts — the comment lines it opens with, up to the
// first blank line or code.
//   node scripts/architecture-map.mjs           writes both tables between their markers
//   node scripts/architecture-map.mjs --check   exit 1 naming each folder without a header, missing
//                                               from the doc, or whose row differs (npm test runs it)
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

const root = path.join(import.meta.dirname, '..');
const docPath = path.join(root, 'docs/architecture.md');

const TABLES = [
  { marker: 'modules', folder: 'apps/server/src/modules', kind: 'module', heading: 'Module' },
  { marker: 'features', folder: 'apps/web/src/features', kind: 'feature', heading: 'Feature' },
];

/** The header of a folder's index.ts: its opening `//` lines joined, or null when it has none. */
function headerOf(folder) {
  const file = path.join(root, folder, 'index.ts');
  if (!existsSync(file)) return null;
  const lines = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.startsWith('//')) break;
    lines.push(line.replace(/^\/\/\s?/, '').trim());
  }
  const text = lines.join(' ').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text;
}

/** Each folder of a table with its header (null: none). */
function entriesOf(table) {
  return readdirSync(path.join(root, table.folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .map((name) => ({ name, header: headerOf(`${table.folder}/${name}`) }));
}

const escapeCell = (text) => text.replace(/\|/g, '\\|');
const unescapeCell = (text) => text.replace(/\\\|/g, '|');

function tableText(table, entries) {
  const rows = entries.map(
    ({ name, header }) => `| [${name}](../${table.folder}/${name}/) | ${escapeCell(header ?? '')} |`,
  );
  return [`| ${table.heading} | What it is for |`, '| --- | --- |', ...rows].join('\n');
}

function markers(table) {
  return [`<!-- ${table.marker}:start -->`, `<!-- ${table.marker}:end -->`];
}

/** The rows the doc holds between a table's markers: name → text (null: no markers). */
function rowsInDoc(doc, table) {
  const [start, end] = markers(table);
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from < 0 || to < from) return null;
  const rows = new Map();
  for (const line of doc.slice(from + start.length, to).split('\n')) {
    const match = /^\|\s*\[([^\]]+)\]\(([^)]*)\)\s*\|(.*)\|\s*$/.exec(line.trim());
    if (match) rows.set(match[1], { link: match[2], text: unescapeCell(match[3].trim()) });
  }
  return rows;
}

function check(doc) {
  const problems = [];
  for (const table of TABLES) {
    const rows = rowsInDoc(doc, table);
    if (!rows) {
      problems.push(`docs/architecture.md has no ${markers(table).join(' … ')}`);
      continue;
    }
    const entries = entriesOf(table);
    for (const { name, header } of entries) {
      const where = `${table.folder}/${name}`;
      const row = rows.get(name);
      if (header === null) problems.push(`${table.kind} ${name}: ${where}/index.ts opens with no header comment`);
      if (!row) problems.push(`${table.kind} ${name}: missing from the ${table.marker} table of docs/architecture.md`);
      else if (header !== null && row.text !== header)
        problems.push(`${table.kind} ${name}: its row differs from the header of ${where}/index.ts`);
      else if (row.link !== `../${where}/`) problems.push(`${table.kind} ${name}: its row links ${row.link}`);
    }
    const names = new Set(entries.map((entry) => entry.name));
    for (const name of rows.keys())
      if (!names.has(name))
        problems.push(`${table.kind} ${name}: in the doc's ${table.marker} table but no such folder`);
  }
  return problems;
}

async function write(doc) {
  let next = doc;
  for (const table of TABLES) {
    const [start, end] = markers(table);
    const from = next.indexOf(start);
    const to = next.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/architecture.md has no ${start} … ${end}`);
    const missing = entriesOf(table).filter((entry) => entry.header === null);
    for (const { name } of missing) console.warn(`${table.kind} ${name}: no header comment in its index.ts`);
    next = `${next.slice(0, from + start.length)}\n\n${tableText(table, entriesOf(table))}\n\n${next.slice(to)}`;
  }
  const options = (await prettier.resolveConfig(docPath)) ?? {};
  return prettier.format(next, { ...options, filepath: docPath });
}

const doc = readFileSync(docPath, 'utf8');
if (process.argv.includes('--check')) {
  const problems = check(doc);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(`architecture map: ${problems.length} problem(s); write the headers, then npm run architecture:map`);
    process.exit(1);
  }
  console.log('architecture map: every module and feature has its header and its row');
} else {
  const next = await write(doc);
  if (next !== doc) writeFileSync(docPath, next);
  console.log(next === doc ? 'docs/architecture.md: tables already current' : 'docs/architecture.md: tables written');
}
