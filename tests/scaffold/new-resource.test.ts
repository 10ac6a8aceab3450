import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run new-resource` in a scratch copy of the project (the working tree's files, this
 * project's node_modules): right after it, the typecheck, lint, the import-circle check and the
 * tests it wrote pass, and the ownership, anonymous-401 and OpenAPI tests take in its routes
 * without an edit.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
let scratch: string;

/** Runs a command in the scratch copy; its output, and whether it succeeded. */
function run(command: string, args: string[]) {
  // The copy runs its own test projects: not the ones this run requires (Chromium is not needed there).
  const { STARBOOST_REQUIRE_ALL: _all, VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, NODE_ENV: _env, ...env } = process.env;
  // Its server tests run on PGlite, all the files named (not only the smoke set it runs beside PostgreSQL).
  const result = spawnSync(command, args, { cwd: scratch, env: { ...env, STARBOOST_API_FILES: 'all' }, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { ok: result.status === 0, output: `${result.stdout}\n${result.stderr}` };
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'starboost-new-resource-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  for (const file of files) {
    try {
      cpSync(join(root, file), join(scratch, file), { recursive: false });
    } catch (error) {
      // A file deleted in the working tree but not yet in git's index.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
});
afterAll(() => scratch && rmSync(scratch, { recursive: true, force: true }));

describe('npm run new-resource', () => {
  it('refuses a name it cannot use, and writes nothing', () => {
    const before = readFileSync(join(scratch, 'server/app.ts'), 'utf8');
    const refused = run('npm', ['run', '--silent', 'new-resource', '--', 'Gift Cards!']);
    expect(refused.ok).toBe(false);
    expect(refused.output).toContain('Usage: npm run new-resource -- <plural-name>');
    expect(readFileSync(join(scratch, 'server/app.ts'), 'utf8')).toBe(before);
  });

  it('writes a resource that typechecks, lints and passes its tests and the route-wide ones', () => {
    const generated = run('npm', ['run', '--silent', 'new-resource', '--', 'gift-cards']);
    expect(generated.ok, generated.output).toBe(true);
    // The files docs/adding-a-resource.md lists: a resource by hand edits the same ones.
    const written = generated.output.split('wrote or changed\n')[1]!.split('\n\n')[0]!.trim().split(/\n\s*/);
    expect(written.sort()).toEqual([
      'domain/gift-cards.ts', 'server/app.ts', 'server/db/migrations/ (gift_cards)', 'server/db/schema.ts', 'server/gift-cards/queries.ts',
      'server/gift-cards/routes.ts', 'src/pages/gift-cards/GiftCardsPage.tsx', 'src/resources/records/gift-cards.ts', 'tests/api/gift-cards.test.ts',
      'tests/unit/gift-cards-page.test.tsx',
    ]);
    const migrations = join(scratch, 'server/db/migrations');
    const migration = readdirSync(migrations).find((file) => file.endsWith('_gift_cards.sql'));
    expect(readFileSync(join(migrations, migration!), 'utf8')).toContain('CREATE TABLE "gift_cards"');

    const again = run('npm', ['run', '--silent', 'new-resource', '--', 'gift-cards']);
    expect(again.ok).toBe(false);
    expect(again.output).toContain('Nothing was written.');

    const typecheck = run('npm', ['run', '--silent', 'typecheck']);
    expect(typecheck.ok, typecheck.output).toBe(true);
    const lint = run('npx', ['eslint', 'domain', 'server', 'src', 'tests/api', 'tests/unit', 'scripts']);
    expect(lint.ok, lint.output).toBe(true);
    const circles = run('npm', ['run', '--silent', 'circles']);
    expect(circles.ok, circles.output).toBe(true);

    const tests = run('npx', [
      'vitest', 'run', '--reporter=verbose', '--project', 'unit', '--project', 'api-pglite',
      'tests/unit/gift-cards-page.test.tsx', 'tests/api/gift-cards.test.ts', 'tests/api/ownership.test.ts', 'tests/api/public-routes.test.ts', 'tests/api/openapi.test.ts',
    ]);
    expect(tests.ok, tests.output).toBe(true);
    for (const route of ['GET /api/gift-card/get-gift-cards/:businessId', 'POST /api/gift-card/create-gift-card/:businessId', 'DELETE /api/gift-card/delete-gift-card/:id']) {
      expect(tests.output, `the ownership test probes ${route}`).toContain(`${route} refuses a signed-in stranger and serves the owner`);
    }
    expect(tests.output).toMatch(/✓.*gift-cards\.test\.ts.*answers another owner's gift card as a missing one/);
    expect(tests.output).toMatch(/✓.*gift-cards-page\.test\.tsx.*edits one in its filled form, and deletes one after asking/);
  });
});
