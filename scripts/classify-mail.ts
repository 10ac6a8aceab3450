import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readInboundReport } from '../server/inbound/inbound-mail/read-report';
import { UnreadableMail } from '../server/inbound/inbound-mail/mime';

/**
 * `npx tsx scripts/classify-mail.ts <folder> [--expected classes.json] [--verbose]`: reads every
 * .eml file of a folder as the inbound-email webhook does and prints, per format (the file name
 * without its trailing -NN.eml), how many files there are, how many were read as each class and,
 * with an expected class per file ({"file.eml": "hard" | "soft" | "complaint" | "unsubscribe" |
 * "ignored"}), how many were classified right and how many named a recipient or token.
 */
const { values, positionals } = parseArgs({ allowPositionals: true, options: { expected: { type: 'string' }, verbose: { type: 'boolean' } } });
const folder = positionals[0];
if (!folder) {
  console.error('Usage: npx tsx scripts/classify-mail.ts <folder> [--expected classes.json] [--verbose]');
  process.exit(2);
}
const expected: Record<string, string> = values.expected ? JSON.parse(readFileSync(values.expected, 'utf8')) : {};

type Row = { files: number; right: number; judged: number; found: number; classes: Map<string, number> };
const rows = new Map<string, Row>();
for (const file of readdirSync(folder).filter((name) => name.endsWith('.eml')).sort()) {
  let result: string;
  let findable = false;
  try {
    const report = await readInboundReport(readFileSync(join(folder, file)));
    result = report?.kind ?? 'ignored';
    findable = !!report && (report.recipients.length > 0 || report.tokens.length > 0 || report.messageIds.length > 0);
  } catch (error) {
    result = error instanceof UnreadableMail ? 'refused' : `error: ${(error as Error).message}`;
  }
  const group = file.replace(/-\d+\.eml$/, '');
  const row = rows.get(group) ?? { files: 0, right: 0, judged: 0, found: 0, classes: new Map() };
  rows.set(group, row);
  row.files += 1;
  row.classes.set(result, (row.classes.get(result) ?? 0) + 1);
  if (findable) row.found += 1;
  const want = expected[file];
  if (want) {
    row.judged += 1;
    if (want === result) row.right += 1;
    else if (values.verbose) console.error(`${file}: expected ${want}, read ${result}`);
  }
}

const total = { files: 0, right: 0, judged: 0, found: 0 };
console.log('| format | files | classified right | with recipient | classes |');
console.log('| --- | ---: | ---: | ---: | --- |');
for (const [group, row] of rows) {
  for (const key of ['files', 'right', 'judged', 'found'] as const) total[key] += row[key];
  const classes = [...row.classes].map(([name, count]) => `${name} ${count}`).join(', ');
  console.log(`| ${group} | ${row.files} | ${row.judged ? `${row.right}/${row.judged}` : '-'} | ${row.found} | ${classes} |`);
}
console.log(`| all | ${total.files} | ${total.judged ? `${total.right}/${total.judged} (${((100 * total.right) / total.judged).toFixed(1)} %)` : '-'} | ${total.found} | |`);
