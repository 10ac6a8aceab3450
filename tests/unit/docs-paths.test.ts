import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const documents = ['README.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** Paths of this repository a document names: in `code` or as a link target; placeholders (`<name>`, `{id}`, `*`) are not paths. */
function namedPaths(text: string, documentDir: string): string[] {
  const inCode = [...text.matchAll(/`((?:\.ci|domain|docs|scripts|server|src|tests)\/[^`\s]*)`/g)].map((match) => match[1]!);
  const linked = [...text.matchAll(/\]\(((?!https?:|#)[^)\s#]+)\)/g)].map((match) => join(documentDir, match[1]!));
  return [...inCode, ...linked]
    .map((path) => path.replace(/[.,:;)]+$/, '').replace(/#.*$/, ''))
    .filter((path) => !/[<>{}*…]/.test(path) && !path.includes('...'));
}

describe('documentation', () => {
  it.each(documents)('%s names only files and folders that exist', (document) => {
    const text = readFileSync(join(root, document), 'utf8');
    const missing = namedPaths(text, document.includes('/') ? 'docs' : '.').filter((path) => !existsSync(join(root, path)));
    expect(missing).toEqual([]);
  });

  it('README stays the front door: about 150 lines at most', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(160);
  });
});
