export type BenchRow = { name: string; value: number; unit: string; note?: string };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export function printTable(title: string, rows: BenchRow[]) {
  const width = Math.max(...rows.map((row) => row.name.length), 10);
  console.log(`\n${title}`);
  console.log(`${'benchmark'.padEnd(width)} | ${'value'.padStart(12)} | unit       | note`);
  console.log(`${'-'.repeat(width)}-|-${'-'.repeat(12)}-|------------|-----`);
  for (const row of rows) {
    const value = row.value >= 100 ? Math.round(row.value).toLocaleString('en-US') : row.value.toFixed(row.unit === 'ratio' ? 2 : 1);
    console.log(`${row.name.padEnd(width)} | ${value.padStart(12)} | ${row.unit.padEnd(10)} | ${row.note ?? ''}`);
  }
}

/**
 * Runs a benchmark when its own file is the script run (`tsx tests/bench/x.ts`): progress on
 * stderr, the table on stdout, exit code 1 on failure. Does nothing when run.ts imports the file.
 */
export function runWhenMain(moduleUrl: string, title: string, benchmark: (log: (line: string) => void) => Promise<BenchRow[]>) {
  if (moduleUrl !== `file://${process.argv[1]}`) return;
  benchmark((line) => console.error(`[bench] ${line}`))
    .then((rows) => printTable(title, rows))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
