import type { KubeEvent } from '../../schemas/kube-event.ts';
import { eventFromRow } from './events.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';
import { type Column, GET_NODES_HEADER, tableColumns, tableRow } from './table.ts';

const MAX_ROWS = 2000;

/**
 * `kubectl get events` in any of its layouts: the header names LAST SEEN (or LASTSEEN), REASON and MESSAGE.
 * Rows follow until a blank line or a line that is not an event row (its TYPE is not Normal/Warning).
 */
class GetEvents implements Section {
  readonly format = 'kubectl-get-events';
  readonly #columns: Column[];
  readonly #events: KubeEvent[] = [];
  readonly #typed: boolean;

  constructor(columns: Column[]) {
    this.#columns = columns;
    this.#typed = columns.some((c) => c.name === 'TYPE');
  }

  take(line: string): boolean {
    if (line.trim() === '') return false;
    const cells = tableRow(line, this.#columns);
    if (!cells) return false;
    if (this.#typed && !/^(?:Normal|Warning)$/.test(cells.get('TYPE') ?? '')) return false;
    if (this.#events.length < MAX_ROWS) this.#events.push(eventFromRow(cells));
    return true;
  }

  close(evidence: PasteEvidence): void {
    for (const e of this.#events) evidence.addEvent(e);
  }
}

export const openGetEvents: Opener = (line) => {
  if (!/^(?:NAMESPACE\s+)?LAST ?SEEN\s/.test(line) || !/\bREASON\b/.test(line) || !/\bMESSAGE\b/.test(line))
    return undefined;
  return new GetEvents(tableColumns(line));
};

/** One row of `kubectl get nodes -o wide`. */
interface NodeRow {
  name: string;
  status: string;
  cells: ReadonlyMap<string, string>;
}

/**
 * `kubectl get nodes [-o wide]`: NAME STATUS ROLES AGE VERSION [INTERNAL-IP EXTERNAL-IP OS-IMAGE KERNEL-VERSION
 * CONTAINER-RUNTIME]. A paste is about one node: the first NotReady row, else the only row. STATUS says
 * NotReady for both Ready=False and Ready=Unknown, so no condition is made up from it.
 */
class GetNodes implements Section {
  readonly format = 'kubectl-get-nodes';
  readonly #columns: Column[];
  readonly #rows: NodeRow[] = [];

  constructor(columns: Column[]) {
    this.#columns = columns;
  }

  take(line: string): boolean {
    if (line.trim() === '') return false;
    const cells = tableRow(line, this.#columns);
    const status = cells?.get('STATUS') ?? '';
    if (!cells || !/^(?:Ready|NotReady|Unknown)\b/.test(status)) return false;
    if (this.#rows.length < MAX_ROWS) this.#rows.push({ name: cells.get('NAME') ?? '', status, cells });
    return true;
  }

  close(evidence: PasteEvidence): void {
    const row =
      this.#rows.find((r) => r.status.startsWith('NotReady')) ??
      (this.#rows.length === 1 ? this.#rows[0] : undefined);
    if (!row) return;
    evidence.setNodeField('node', row.name);
    evidence.setNodeField('kubeletVersion', row.cells.get('VERSION'));
    evidence.setNodeField('osImage', row.cells.get('OS-IMAGE'));
    evidence.setNodeField('kernelVersion', row.cells.get('KERNEL-VERSION'));
    evidence.setNodeField('containerRuntimeVersion', row.cells.get('CONTAINER-RUNTIME'));
  }
}

export const openGetNodes: Opener = (line) => {
  if (!GET_NODES_HEADER.test(line)) return undefined;
  return new GetNodes(tableColumns(line));
};
