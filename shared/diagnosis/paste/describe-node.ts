import type { NodeCondition } from '../../schemas/bundle.ts';
import type { KubeEvent } from '../../schemas/kube-event.ts';
import { eventFromRow } from './events.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';
import { type Column, isRule, tableColumns, tableRow } from './table.ts';

/**
 * The top-level keys `kubectl describe node` prints (kubectl describe.go, describeNode), and those of
 * `kubectl describe pod`, in column 0. A line in column 0 that is none of these ends the section; indented and
 * blank lines continue it.
 */
const DESCRIBE_KEYS = new Set([
  'Name',
  'Roles',
  'Labels',
  'Annotations',
  'CreationTimestamp',
  'Taints',
  'Unschedulable',
  'Lease',
  'Conditions',
  'Addresses',
  'Capacity',
  'Allocatable',
  'System Info',
  'PodCIDR',
  'PodCIDRs',
  'ProviderID',
  'Non-terminated Pods',
  'Allocated resources',
  'Events',
  // The same printer's keys for pods, whose Events are worth reading too.
  'Namespace',
  'Priority',
  'Priority Class Name',
  'Runtime Class Name',
  'Service Account',
  'Node',
  'Start Time',
  'Status',
  'Reason',
  'Message',
  'IP',
  'IPs',
  'Controlled By',
  'Init Containers',
  'Containers',
  'Readiness Gates',
  'Volumes',
  'QoS Class',
  'Node-Selectors',
  'Tolerations',
]);
/** Keys only a node has: a `Name:` block with none of them is another object (a pod), not the node. */
const ONLY_NODES = new Set([
  'Roles',
  'Taints',
  'Unschedulable',
  'System Info',
  'Non-terminated Pods',
  'PodCIDR',
]);

/** Rows kept per table: describe prints few; a paste of thousands is not a describe. */
const MAX_ROWS = 500;
const TOP_KEY = /^([A-Z][A-Za-z -]*?):(?:\s+(.*))?$/;
const SYSTEM_INFO: Record<
  string,
  'kernelVersion' | 'osImage' | 'containerRuntimeVersion' | 'kubeletVersion'
> = {
  'Kernel Version': 'kernelVersion',
  'OS Image': 'osImage',
  'Container Runtime Version': 'containerRuntimeVersion',
  'Kubelet Version': 'kubeletVersion',
};
/** describe prints times as RFC 1123 with a numeric zone: `Mon, 23 Nov 2026 03:07:12 +0000`. */
const DESCRIBE_TIME = /[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}/;
/** A conditions row whose column cuts were lost: Type, Status, two times, Reason, Message. */
const CONDITION_ROW = new RegExp(
  `^\\s*(\\S+)\\s+(True|False|Unknown)\\s+(${DESCRIBE_TIME.source})\\s+(${DESCRIBE_TIME.source})\\s+(\\S+)\\s*(.*)$`,
);

function isoTime(value: string | undefined): string | undefined {
  if (!value || !DESCRIBE_TIME.test(value)) return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

class DescribeNode implements Section {
  readonly format = 'kubectl-describe-node';
  readonly #name: string;
  readonly #conditions: NodeCondition[] = [];
  readonly #events: KubeEvent[] = [];
  readonly #info = new Map<string, string>();
  #isNode = false;
  #pods: number | undefined;
  #key = 'Name';
  #columns: Column[] | undefined;

  constructor(name: string) {
    this.#name = name;
  }

  take(line: string): boolean {
    if (line.trim() === '') return true;
    const top = TOP_KEY.exec(line);
    if (top && DESCRIBE_KEYS.has(top[1] ?? '')) {
      this.#topKey(top[1] ?? '', top[2] ?? '');
      return true;
    }
    if (!/^\s/.test(line)) return false;
    if (this.#key === 'System Info') {
      const m = /^\s+([A-Za-z -]+):\s*(.*)$/.exec(line);
      if (m && (m[1] ?? '') in SYSTEM_INFO) this.#info.set(m[1] ?? '', (m[2] ?? '').trim());
    } else if (this.#key === 'Conditions' || this.#key === 'Events') {
      this.#tableLine(line);
    }
    return true;
  }

  #topKey(key: string, value: string): void {
    this.#key = key;
    this.#columns = undefined;
    if (ONLY_NODES.has(key)) this.#isNode = true;
    const pods = /^\((\d+) in total\)/.exec(value);
    if (key === 'Non-terminated Pods' && pods) this.#pods = Number(pods[1]);
  }

  #tableLine(line: string): void {
    if (isRule(line)) return;
    if (!this.#columns) {
      this.#columns = tableColumns(line);
      return;
    }
    if (this.#key === 'Events') {
      const cells = tableRow(line, this.#columns);
      if (cells && this.#events.length < MAX_ROWS)
        this.#events.push(eventFromRow(cells, { kind: 'Node', name: this.#name }));
      return;
    }
    const condition = readCondition(line, this.#columns);
    if (condition && this.#conditions.length < MAX_ROWS) this.#conditions.push(condition);
  }

  close(evidence: PasteEvidence): void {
    // Events of any described object count; its conditions and identity only when it is the node.
    for (const e of this.#events) evidence.addEvent(e);
    if (!this.#isNode) return;
    evidence.setNodeField('node', this.#name);
    for (const [label, field] of Object.entries(SYSTEM_INFO))
      evidence.setNodeField(field, this.#info.get(label));
    for (const c of this.#conditions) evidence.addCondition(c);
    if (this.#pods !== undefined) evidence.setPods(this.#pods);
  }
}

function readCondition(line: string, columns: readonly Column[]): NodeCondition | undefined {
  const cells = tableRow(line, columns);
  const status = cells?.get('Status');
  if (cells && (status === 'True' || status === 'False' || status === 'Unknown')) {
    return {
      type: cells.get('Type') ?? '',
      status,
      reason: cells.get('Reason') || undefined,
      message: cells.get('Message') || undefined,
      lastHeartbeatTime: isoTime(cells.get('LastHeartbeatTime')),
      lastTransitionTime: isoTime(cells.get('LastTransitionTime')),
    };
  }
  const m = CONDITION_ROW.exec(line);
  if (!m) return undefined;
  return {
    type: m[1] ?? '',
    status: m[2] ?? '',
    lastHeartbeatTime: isoTime(m[3]),
    lastTransitionTime: isoTime(m[4]),
    reason: m[5] || undefined,
    message: m[6] || undefined,
  };
}

/** `Name:               worker-3` in column 0 opens a describe block (`kubectl describe node`). */
export const openDescribeNode: Opener = (line) => {
  if (!line.startsWith('Name:')) return undefined;
  const m = /^Name:\s+(\S+)\s*$/.exec(line);
  return m ? new DescribeNode(m[1] ?? '') : undefined;
};
