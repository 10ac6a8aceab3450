import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * Gzipped size of the JavaScript a first visit to a route downloads: the entry, the route's
 * lazily loaded page, and everything both import statically (from Vite's build manifest).
 */
export function initialJavaScriptBytes(distDir: string, pageSources: string[]) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key]!.imports?.forEach(visit);
  };
  [entry, ...pageSources].forEach(visit);
  let gzip = 0;
  let raw = 0;
  for (const key of seen) {
    const content = readFileSync(join(distDir, manifest[key]!.file));
    raw += content.length;
    gzip += gzipSync(content, { level: 9 }).length;
  }
  return { files: seen.size, raw, gzip };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const login = initialJavaScriptBytes('dist', ['src/pages/login/LoginPage.tsx']);
  console.log(`/login initial JavaScript: ${(login.gzip / 1024).toFixed(1)} KiB gzipped (${(login.raw / 1024).toFixed(1)} KiB raw, ${login.files} files)`);
}
