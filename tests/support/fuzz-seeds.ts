import fc from 'fast-check';

/**
 * The seeds a property-based test runs with: FUZZ_SEED alone when it is set (to rerun a failure),
 * else the fixed one (the same inputs every run) and a fresh one (new inputs each run, printed).
 */
export function fuzzSeeds(fixed: number, env: Record<string, string | undefined> = process.env): number[] {
  if (env.FUZZ_SEED !== undefined && env.FUZZ_SEED !== '') {
    const seed = Number(env.FUZZ_SEED);
    if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be a whole number, not "${env.FUZZ_SEED}"`);
    return [seed];
  }
  return [fixed, (Date.now() ^ Math.floor(Math.random() * 2 ** 31)) | 0];
}

/**
 * fc.assert with `seed`; a failure is rethrown with the seed and the command that reruns exactly
 * these inputs first, then fast-check's report (counterexample, shrinking, path).
 */
export async function assertWithSeed<T>(
  property: fc.IAsyncProperty<T>,
  { seed, numRuns, rerun }: { seed: number; numRuns: number; rerun: string },
): Promise<void> {
  try {
    await fc.assert(property, { seed, numRuns, endOnFailure: true });
  } catch (error) {
    const report = error instanceof Error ? error.message : String(error);
    throw new Error(`Failed with seed ${seed}. Rerun these inputs with: FUZZ_SEED=${seed} ${rerun}\n${report}`, { cause: error });
  }
}
