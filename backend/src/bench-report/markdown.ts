/** Markdown rendering of the performance report (docs/performance-report.md), kept pure for its unit test. */

export type Align = 'left' | 'right';
export type Table = { header: string[]; rows: string[][]; align?: Align[] };

/** A verdict against a target; null when the bench did not measure it (skipped, failed, or not in this run). */
export type Target = { text: string; met: boolean | null };

export type Section = {
  title: string;
  /** What it runs, e.g. `npm run bench:http`. */
  command: string;
  /** One sentence on what is measured against what. */
  method: string;
  /** 1, 5 and 15 minute load averages just before the bench started. */
  loadBefore: number[];
  seconds: number;
  tables: Table[];
  targets: Target[];
  notes: string[];
  /** Set when the bench failed: its last lines of output. */
  error?: string;
};

export type Report = {
  date: string;
  quick: boolean;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; os: string };
  code: { commit: string; changed: string[] };
  totalSeconds: number;
  sections: Section[];
  reproduce: string;
};

/** Thousands separated, fixed digits; '–' for a missing value. */
export function fmt(value: number | null | undefined, digits = 0): string {
  if (value == null || !Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export const fmtRatio = (value: number | null | undefined, digits = 2) => (value == null || !Number.isFinite(value) ? '–' : `${fmt(value, digits)}×`);

export const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : '**missed**');

const escapeCell = (cell: string) => cell.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** A GitHub-flavoured Markdown table; numbers right-aligned where `align` says so. */
export function markdownTable(table: Table): string {
  const width = table.header.length;
  for (const row of table.rows) {
    if (row.length !== width) throw new Error(`table row has ${row.length} cells, the header ${width}: ${row.join(' | ')}`);
  }
  const rule = table.header.map((_, i) => (table.align?.[i] === 'right' ? '---:' : '---'));
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(table.header), `|${rule.join('|')}|`, ...table.rows.map(line)].join('\n');
}

const minutes = (seconds: number) => (seconds >= 90 ? `${fmt(seconds / 60, 1)} min` : `${fmt(seconds)} s`);

export function renderSection(section: Section): string {
  const parts = [`## ${section.title}`, ''];
  parts.push(
    `\`${section.command}\` — ${section.method} Load average before it started: ${section.loadBefore.map((n) => fmt(n, 2)).join(' / ')} ` +
      `(1/5/15 min); it took ${minutes(section.seconds)}.`,
  );
  if (section.error) {
    parts.push('', `**Failed** — last output:`, '', '```', section.error, '```');
  }
  for (const table of section.tables) parts.push('', markdownTable(table));
  if (section.targets.length > 0) {
    parts.push('', ...section.targets.map((target) => `- Target: ${target.text} — ${verdict(target.met)}`));
  }
  if (section.notes.length > 0) parts.push('', ...section.notes);
  return parts.join('\n');
}

const changedText = (changed: string[]) =>
  changed.length === 0
    ? ''
    : ` with uncommitted changes in ${changed.slice(0, 8).join(', ')}${changed.length > 8 ? ` and ${changed.length - 8} more files` : ''}`;

export function renderReport(report: Report): string {
  const targets = report.sections.flatMap((section) => section.targets.map((target) => ({ section: section.title, ...target })));
  const overview = markdownTable({
    header: ['Bench', 'Target', 'Result'],
    rows: targets.map((target) => [target.section, target.text, verdict(target.met)]),
  });
  const { machine, code } = report;
  const lines = [
    '# Performance report',
    '',
    `Written by \`npm run bench${report.quick ? ' -- --quick' : ''}\` (backend/bench/run-all.ts) on ${report.date}.` +
      (report.quick ? ' **Quick run**: short runs for a smoke check, not figures to quote.' : ''),
    '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${fmt(machine.memoryGb, 1)} GB memory, ${machine.os}, Node ${machine.node}. ` +
      `Code: commit ${code.commit}${changedText(code.changed)}. ` +
      `The benches ran one after another in ${minutes(report.totalSeconds)}; each measures its baseline in the same run, ` +
      'so machine noise hits both sides alike (the load average before each is given with it).',
    '',
    overview,
    '',
    ...report.sections.flatMap((section) => [renderSection(section), '']),
    '## How to reproduce',
    '',
    report.reproduce,
    '',
  ];
  return lines.join('\n');
}

/** A report's parts: what comes before its first `## ` section, then each section by its title. */
function splitSections(markdown: string): { preamble: string[]; sections: Array<{ title: string; lines: string[] }> } {
  const preamble: string[] = [];
  const sections: Array<{ title: string; lines: string[] }> = [];
  for (const line of markdown.split('\n')) {
    if (line.startsWith('## ')) sections.push({ title: line, lines: [line] });
    else if (sections.length > 0) sections[sections.length - 1]!.lines.push(line);
    else preamble.push(line);
  }
  return { preamble, sections };
}

/** From the first `###` (or deeper) heading to the end, without trailing blank lines: what a maintainer wrote. */
function handWritten(lines: readonly string[]): string[] {
  const start = lines.findIndex((line) => /^#{3,} /.test(line));
  if (start < 0) return [];
  const block = lines.slice(start);
  while (block.length > 0 && block[block.length - 1]!.trim() === '') block.pop();
  return block;
}

/** `lines` with `block` appended after one blank line, and the trailing blank lines `lines` had. */
function withBlock(lines: readonly string[], block: readonly string[]): string[] {
  if (block.length === 0) return [...lines];
  const end = lines.length - [...lines].reverse().findIndex((line) => line.trim() !== '');
  return [...lines.slice(0, end), '', ...block, ...lines.slice(end)];
}

/**
 * A new report with the hand-written analysis of the one it replaces. The report is generated, and the generator
 * writes no heading deeper than `##`; maintainers add `###` subsections (what bounds a figure, what was tried,
 * earlier runs) under a bench's section and after the overview. Regenerating used to drop them all, so each goes
 * back where it was: under the section of the same title, or after the overview. A section this run did not
 * measure (`--only`) is not in the new report, and neither is its analysis. Headings should name the run they
 * describe, since the figures around them change.
 */
export function keepHandWritten(previous: string, next: string): string {
  const old = splitSections(previous);
  const fresh = splitSections(next);
  const kept = new Map(old.sections.map((section) => [section.title, handWritten(section.lines)]));
  const preamble = withBlock(fresh.preamble, handWritten(old.preamble));
  const sections = fresh.sections.flatMap((section) => withBlock(section.lines, kept.get(section.title) ?? []));
  return [...preamble, ...sections].join('\n');
}
