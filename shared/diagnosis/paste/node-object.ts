import type { NodeCondition } from '../../schemas/bundle.ts';
import { scanText } from '../scanner.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';
import { readJsonLogLine, recordLine } from './json-lines.ts';

/** What the engine reads from a Node object: its name, status.conditions and status.nodeInfo. */
interface NodeObject {
  kind?: string;
  name?: string;
  conditions: NodeCondition[];
  nodeInfo: Record<string, string>;
}

function record(node: NodeObject, evidence: PasteEvidence): void {
  if (node.kind !== 'Node') return;
  evidence.setNodeField('node', node.name);
  evidence.setNodeField('kubeletVersion', node.nodeInfo.kubeletVersion);
  evidence.setNodeField('containerRuntimeVersion', node.nodeInfo.containerRuntimeVersion);
  evidence.setNodeField('osImage', node.nodeInfo.osImage);
  evidence.setNodeField('kernelVersion', node.nodeInfo.kernelVersion);
  for (const c of node.conditions) if (c.type) evidence.addCondition(c);
}

const MAX_CONDITIONS = 32;
const CONDITION_FIELDS = ['type', 'status', 'reason', 'message', 'lastHeartbeatTime', 'lastTransitionTime'];
const NODE_INFO_FIELDS = ['kubeletVersion', 'containerRuntimeVersion', 'osImage', 'kernelVersion'];

/** A YAML scalar as kubectl prints it: plain, 'single' or "double" quoted. */
function scalar(raw: string): string {
  const v = raw.trim();
  if (v.startsWith('"') && v.endsWith('"') && v.length >= 2) {
    try {
      return JSON.parse(v) as string;
    } catch {
      return v.slice(1, -1);
    }
  }
  if (v.startsWith("'") && v.endsWith("'") && v.length >= 2) return v.slice(1, -1).replaceAll("''", "'");
  return v;
}

const TOP_LEVEL = new Set(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
const YAML_KEY = /^( *)(- +)?([A-Za-z_][\w.\-/]*):(?: +(.*))?$/;

/**
 * `kubectl get node NAME -o yaml`, read line by line with only the key path in memory (no YAML library: the
 * printer's output is regular — two-space indents, `- ` list items, scalars on the key's line).
 */
class NodeYaml implements Section {
  readonly format = 'node-yaml';
  readonly #node: NodeObject = { conditions: [], nodeInfo: {} };
  /** The keys leading to the current line, with the column each key starts at. */
  readonly #path: Array<{ key: string; indent: number }> = [];
  #condition: NodeCondition | undefined;

  take(line: string): boolean {
    if (line.trim() === '') return true;
    const m = YAML_KEY.exec(line);
    if (!m) return /^ +\S/.test(line) || /^- /.test(line);
    const dash = m[2] ?? '';
    const indent = (m[1] ?? '').length + dash.length;
    while ((this.#path.at(-1)?.indent ?? -1) >= indent) this.#path.pop();
    const key = m[3] ?? '';
    if (indent === 0 && !TOP_LEVEL.has(key)) return false;
    const value = m[4] === undefined ? undefined : scalar(m[4]);
    const at = this.#path.map((p) => p.key).join('.');
    if (at === 'status.conditions' && dash && this.#node.conditions.length < MAX_CONDITIONS) {
      this.#condition = { type: '', status: '' };
      this.#node.conditions.push(this.#condition);
    }
    if (value !== undefined) this.#value(at, key, value);
    this.#path.push({ key, indent });
    return true;
  }

  #value(at: string, key: string, value: string): void {
    if (at === '' && key === 'kind') this.#node.kind = value;
    else if (at === 'metadata' && key === 'name') this.#node.name = value;
    else if (at === 'status.nodeInfo' && NODE_INFO_FIELDS.includes(key)) this.#node.nodeInfo[key] = value;
    else if (at === 'status.conditions' && this.#condition && CONDITION_FIELDS.includes(key)) {
      (this.#condition as Record<string, string>)[key] = value;
    }
  }

  close(evidence: PasteEvidence): void {
    record(this.#node, evidence);
  }
}

export const openNodeYaml: Opener = (line) => (line === 'apiVersion: v1' ? new NodeYaml() : undefined);

/** A pretty-printed JSON object is read whole, up to this size; a bigger one is not a Node (or not ours). */
const MAX_JSON_CHARS = 4 * 1024 * 1024;

/**
 * A pretty-printed JSON object, buffered until the closing brace in column 0: `kubectl get node NAME -o json`
 * (or a List of nodes), or a `journalctl -o json-pretty` record.
 */
class JsonObject implements Section {
  readonly format = 'json-object';
  readonly #lines: string[] = ['{'];
  readonly #at: number;
  #chars = 1;
  #done = false;

  constructor(at: number) {
    this.#at = at;
  }

  take(line: string): boolean {
    if (this.#done) return false;
    this.#chars += line.length + 1;
    if (this.#chars > MAX_JSON_CHARS) {
      this.#lines.length = 0;
      this.#done = true;
      return true;
    }
    this.#lines.push(line);
    if (line === '}') this.#done = true;
    return true;
  }

  close(evidence: PasteEvidence, cite: (line: number) => string): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(this.#lines.join('\n'));
    } catch {
      return;
    }
    const journal =
      isObject(parsed) && 'MESSAGE' in parsed ? readJsonLogLine(JSON.stringify(parsed)) : undefined;
    if (journal) {
      evidence.sawLine(recordLine(journal));
      scanText(journal.text, cite(this.#at), journal.component, evidence.facts);
      return;
    }
    const items = isObject(parsed) && Array.isArray(parsed.items) ? parsed.items : [parsed];
    const nodes = items.filter(isObject).map(nodeFromJson);
    const notReady = nodes.find((n) => n.conditions.some((c) => c.type === 'Ready' && c.status !== 'True'));
    const node = notReady ?? (nodes.length === 1 ? nodes[0] : undefined);
    if (node) record(node, evidence);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown, fields: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(value)) return out;
  for (const f of fields) if (typeof value[f] === 'string') out[f] = value[f];
  return out;
}

function nodeFromJson(object: Record<string, unknown>): NodeObject {
  const status = isObject(object.status) ? object.status : {};
  const conditions = Array.isArray(status.conditions) ? status.conditions : [];
  return {
    kind: typeof object.kind === 'string' ? object.kind : undefined,
    name:
      isObject(object.metadata) && typeof object.metadata.name === 'string'
        ? object.metadata.name
        : undefined,
    conditions: conditions.map((c) => {
      const s = strings(c, CONDITION_FIELDS);
      return { ...s, type: s.type ?? '', status: s.status ?? '' };
    }),
    nodeInfo: strings(status.nodeInfo, NODE_INFO_FIELDS),
  };
}

export const openJsonObject: Opener = (line, at) => (line === '{' ? new JsonObject(at) : undefined);
