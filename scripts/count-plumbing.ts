// Counts the lines of the newcomer scenario's examples (docs/examples/newcomer*.ts|py) and how many are plumbing, by
// the rule of docs/newcomer.md: a line counts when it holds code (not blank, not only a comment or the module's
// docstring); it is plumbing when it ends with the marker "[plumbing]". `bun scripts/count-plumbing.ts` prints the table.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export type Count = { lines: number; plumbing: number };
export type Lang = 'TypeScript' | 'Python';

export function countLines(text: string, lang: Lang): Count {
  const comment = lang === 'TypeScript' ? '//' : '#';
  let lines = 0;
  let plumbing = 0;
  let inDocstring = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    // A docstring is prose: its opening line, its body and its closing line.
    if (inDocstring) {
      if (line.includes('"""')) inDocstring = false;
      continue;
    }
    if (lang === 'Python' && line.startsWith('"""')) {
      inDocstring = !line.slice(3).includes('"""');
      continue;
    }
    if (line === '' || line.startsWith(comment)) continue;
    lines++;
    if (line.endsWith('[plumbing]')) plumbing++;
  }
  return { lines, plumbing };
}

const EXAMPLES = resolve(import.meta.dir, '../docs/examples');
export const FILES: Array<[Lang, string, string]> = [
  ['TypeScript', 'newcomer-before.ts', 'newcomer.ts'],
  ['Python', 'newcomer_before.py', 'newcomer.py'],
];

if (import.meta.main) {
  console.log('| language | lines before | plumbing before | lines after | plumbing after |');
  console.log('|---|---|---|---|---|');
  for (const [lang, before, after] of FILES) {
    const b = countLines(readFileSync(resolve(EXAMPLES, before), 'utf8'), lang);
    const a = countLines(readFileSync(resolve(EXAMPLES, after), 'utf8'), lang);
    console.log(`| ${lang} | ${b.lines} | ${b.plumbing} | ${a.lines} | ${a.plumbing} |`);
  }
}
