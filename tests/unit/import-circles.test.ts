import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

describe('imports', () => {
  // `npm run circles` (dpdm) with type-only imports counted: a circle fails here, not only in review.
  it('form no circle, type-only imports included', async () => {
    const run = await promisify(execFile)('npm', ['run', '--silent', 'circles'], { cwd: root, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } }).then(
      ({ stdout }) => ({ failed: false, stdout }),
      (error: { stdout?: string }) => ({ failed: true, stdout: error.stdout ?? String(error) }),
    );
    expect(run.stdout).toContain('no circular dependency');
    expect(run.failed, run.stdout).toBe(false);
  }, 60_000);
});
