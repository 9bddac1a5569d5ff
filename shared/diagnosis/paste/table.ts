/**
 * kubectl prints tables through Go's tabwriter: every cell of a column starts where the column's header starts,
 * and columns are separated by at least two spaces, while a header or a cell may hold single spaces
 * (`LAST SEEN`, `3m (x4 over 6m)`, `Ubuntu 22.04.3 LTS`). So the header gives the column offsets, and rows are
 * cut at them; a row whose cuts do not fall on spaces (its spacing was mangled on the way) is split on runs of
 * two or more spaces instead.
 */
export interface Column {
  name: string;
  start: number;
}

export function tableColumns(header: string): Column[] {
  const columns: Column[] = [];
  for (const m of header.matchAll(/\S+(?: \S+)*/g)) columns.push({ name: m[0], start: m.index });
  return columns;
}

/** The cells of a row by column name, or undefined when the row does not fit the columns. */
export function tableRow(row: string, columns: readonly Column[]): Map<string, string> | undefined {
  const cells = new Map<string, string>();
  const aligned = columns.every((c, i) => i === 0 || c.start >= row.length || row[c.start - 1] === ' ');
  if (aligned) {
    columns.forEach((c, i) => {
      const end = columns[i + 1]?.start ?? row.length;
      cells.set(c.name, row.slice(c.start, end).trim());
    });
    return cells;
  }
  const parts = row.trim().split(/\s{2,}/);
  if (parts.length < columns.length) return undefined;
  // Extra parts belong to the last column (a message with double spaces in it).
  columns.forEach((c, i) => {
    cells.set(c.name, i === columns.length - 1 ? parts.slice(i).join('  ') : (parts[i] ?? ''));
  });
  return cells;
}

/**
 * `kubectl get pods`' header (kubernetes pkg/printers/internalversion/printers.go podColumnDefinitions: Name, Ready,
 * Status, Restarts, Age, then IP, Node, Nominated Node, Readiness Gates with -o wide; NAMESPACE first with
 * --all-namespaces), printed upper-case by kubectl's table printer; the older client-side printPod printed the same
 * first five.
 */
export const GET_PODS_HEADER = /^(?:NAMESPACE\s+)?NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE\b/;
/** `kubectl get nodes`' header (printers.go nodeColumnDefinitions: NAME, STATUS, ROLES, AGE, VERSION, then -o wide's). */
export const GET_NODES_HEADER = /^NAME\s+STATUS\s+ROLES\s+AGE\s+VERSION\b/;

/**
 * The rows of each table under `header` in a text, by column name: a table runs from its header to the first empty
 * line or row that does not fit its columns. Lines are read trimmed (a table pasted indented keeps its alignment).
 */
export function tablesUnder(text: string, header: RegExp): Map<string, string>[][] {
  const tables: Map<string, string>[][] = [];
  let columns: Column[] | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '').trim();
    if (header.test(line)) {
      columns = tableColumns(line);
      tables.push([]);
      continue;
    }
    if (!columns) continue;
    const cells = line === '' ? undefined : tableRow(line, columns);
    if (!cells) {
      columns = undefined;
      continue;
    }
    tables.at(-1)?.push(cells);
  }
  return tables;
}

/**
 * `kubectl get daemonsets`' header (printers.go daemonSetColumnDefinitions: NAME, DESIRED, CURRENT, READY,
 * UP-TO-DATE, AVAILABLE, NODE SELECTOR, AGE; NAMESPACE first with --all-namespaces).
 */
export const GET_DAEMONSETS_HEADER =
  /^(?:NAMESPACE\s+)?NAME\s+DESIRED\s+CURRENT\s+READY\s+UP-TO-DATE\s+AVAILABLE\b/;

/** A node row of `kubectl get nodes`, with whether its STATUS says Ready ("Ready,SchedulingDisabled" too). */
export interface ListedNode {
  name: string;
  ready: boolean;
  cells: Map<string, string>;
}

/**
 * Each `kubectl get nodes` table in a text, keeping the rows whose STATUS is Ready or NotReady (with or without
 * ",SchedulingDisabled"): a row with another status, or a line that only fits the columns, says nothing of readiness.
 */
export function nodeTablesIn(text: string): ListedNode[][] {
  return tablesUnder(text, GET_NODES_HEADER).map((table) =>
    table.flatMap((cells) => {
      const status = /^(Not)?Ready\b/.exec(cells.get('STATUS') ?? '');
      return status ? [{ name: cells.get('NAME') ?? '', ready: status[1] === undefined, cells }] : [];
    }),
  );
}

/** `3m (x4 over 6m)` → 4; a plain age → 1. */
export function repeatCount(age: string | undefined): number {
  const m = /\(x(\d+) over [^)]*\)/.exec(age ?? '');
  return m ? Number(m[1]) : 1;
}

/** kubectl's dashed separator row under a header (`----  ------`). */
export function isRule(line: string): boolean {
  return /^\s*-{2,}(?:\s+-{2,})*\s*$/.test(line);
}
