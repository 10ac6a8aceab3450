/**
 * `npm run new-resource -- <name> [--singular <word>]`: writes a working business-scoped resource
 * (list, create, edit, delete) with a `name` field, to grow from: its domain schema, database table
 * and migration, server module with its routes registered, Refine resource and screen, and its API
 * and screen tests. docs/adding-a-resource.md explains each file it writes.
 *
 * <name> is the resource's plural in lower-case words joined by hyphens ("notes", "gift-cards").
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resourceFiles, tableDefinition, type Names } from './new-resource/templates';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Where the generator adds a line to a file that lists every resource: before this text. */
const INSERTIONS = {
  appImport: { file: 'server/app.ts', before: '\nexport ', what: (n: Names) => `import ${n.camelSingular}Routes from './${n.kebabPlural}/routes';\n` },
  appRoutes: {
    file: 'server/app.ts',
    before: '        // npm run new-resource registers its routes above this line.',
    what: (n: Names) => `        await api.register(${n.camelSingular}Routes);\n`,
  },
  schema: { file: 'server/db/schema.ts', before: null, what: tableDefinition },
} satisfies Record<string, { file: string; before: string | null; what: (names: Names) => string }>;

function namesOf(plural: string, singular = plural.replace(/ies$/, 'y').replace(/s$/, '')): Names {
  const words = (kebab: string) => kebab.split('-');
  const pascal = (kebab: string) => words(kebab).map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
  const camel = (kebab: string) => pascal(kebab)[0]!.toLowerCase() + pascal(kebab).slice(1);
  const label = words(plural).join(' ');
  return {
    kebabPlural: plural,
    kebabSingular: singular,
    camelPlural: camel(plural),
    camelSingular: camel(singular),
    pascalPlural: pascal(plural),
    pascalSingular: pascal(singular),
    snakePlural: words(plural).join('_'),
    label: label[0]!.toUpperCase() + label.slice(1),
    words: words(singular).join(' '),
    pluralWords: label,
  };
}

const NAME = /^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/;

function parseArguments(args: string[]): Names {
  const [plural, flag, singular] = args;
  const usage = 'Usage: npm run new-resource -- <plural-name> [--singular <singular-name>], e.g. npm run new-resource -- gift-cards';
  if (!plural || !NAME.test(plural)) throw new Error(`${usage}\nThe name is lower-case words joined by hyphens.`);
  if (flag !== undefined && (flag !== '--singular' || !singular || !NAME.test(singular))) throw new Error(usage);
  const names = namesOf(plural, singular);
  if (names.kebabSingular === names.kebabPlural) throw new Error(`"${plural}" has no plural s: give its singular with --singular.`);
  return names;
}

/**
 * The shared files with the resource's lines in place, all worked out before any is written, so a
 * file that no longer has its marker stops the generator with nothing changed.
 */
function insertions(names: Names): Map<string, string> {
  const changed = new Map<string, string>();
  for (const { file, before, what } of Object.values(INSERTIONS)) {
    const content = changed.get(file) ?? readFileSync(join(root, file), 'utf8');
    const text = what(names);
    if (content.includes(text.trim())) throw new Error(`${file} already has ${text.trim()}. Nothing was written.`);
    if (before === null) {
      changed.set(file, content + text);
      continue;
    }
    const at = content.indexOf(before);
    if (at < 0) throw new Error(`${file} no longer has the line the generator adds before (${JSON.stringify(before)}). Nothing was written.`);
    changed.set(file, content.slice(0, at) + text + content.slice(at));
  }
  return changed;
}

function generate(names: Names) {
  const files = resourceFiles(names);
  const taken = Object.keys(files).filter((file) => existsSync(join(root, file)));
  if (taken.length > 0) throw new Error(`Already there: ${taken.join(', ')}. Nothing was written.`);
  if (existsSync(join(root, 'server', names.kebabPlural))) throw new Error(`server/${names.kebabPlural} already exists. Nothing was written.`);
  const changed = insertions(names);
  for (const [file, content] of [...changed, ...Object.entries(files)]) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), content);
  }
  execFileSync('npx', ['drizzle-kit', 'generate', '--name', names.snakePlural], { cwd: root, stdio: 'inherit' });
  return [...changed.keys(), ...Object.keys(files), `server/db/migrations/ (${names.snakePlural})`];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const names = parseArguments(process.argv.slice(2));
    const written = generate(names);
    console.log(`\n${names.label}: wrote or changed\n${written.map((file) => `  ${file}`).join('\n')}`);
    console.log(`\nNext: npm run typecheck && npm run lint && npx vitest run ${names.kebabPlural}\nThen see docs/adding-a-resource.md.`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
