import type { EvidenceBundle, LogSource, NodeCondition } from '../../schemas/bundle.ts';
import type { RuntimeKind } from '../../schemas/diagnosis.ts';
import type { KubeEvent } from '../../schemas/kube-event.ts';
import { isNodeName } from '../commands.ts';
import type { Component } from '../components.ts';
import { configuredRuntimeIn, type RuntimeSetting, strongerSetting } from '../extract/versions.ts';
import type { FactSet, FactSnapshot } from '../facts.ts';
import type { LogLine } from '../logline.ts';

/** The formats the paste reader recognises, as sections report them. */
export type PasteFormat =
  | 'kubectl-describe-node'
  | 'kubectl-get-events'
  | 'kubectl-get-nodes'
  | 'node-yaml'
  | 'json-object'
  | 'journal-json'
  | 'klog-json'
  | 'logrus-json'
  | 'escaped-newlines'
  | 'goroutine-dump'
  | 'kernel-stack'
  | 'process-table'
  | 'lsof-table'
  | 'systemctl-status'
  | 'shell-command';

/** Bounds: a paste is untrusted and may be a 1 GB file; nothing here grows with it. */
const MAX_EVENTS = 500;
const MAX_CONDITIONS = 32;
const MAX_COMMANDS = 64;
const MAX_OUTPUT_CHARS = 64 * 1024;
const MAX_SECTIONS = 200;

/** The bundle fields a paste can fill; scalar facts about the node keep the first value found. */
const NODE_FIELDS = [
  'node',
  'kubeletVersion',
  'containerRuntimeVersion',
  'osImage',
  'kernelVersion',
] as const;
type NodeField = (typeof NODE_FIELDS)[number];

const SOURCE_OF: Partial<Record<Component, LogSource>> = {
  kubelet: 'kubelet',
  dockerd: 'dockerd',
  containerd: 'containerd',
  shim: 'containerd',
  runc: 'containerd',
  crio: 'crio',
  kernel: 'kernel',
  systemd: 'systemd',
};

/** The runtime a component's lines imply: a shim or runc line means containerd unless dockerd or cri-o is seen too. */
const RUNTIME_OF: Partial<Record<Component, Exclude<RuntimeKind, 'unknown'>>> = {
  dockerd: 'docker',
  containerd: 'containerd',
  shim: 'containerd',
  crio: 'crio',
};
/**
 * Which runtime wins when lines imply several: dockerd runs on containerd (its shims and `docker-containerd` log
 * too), and cri-o never runs beside either on a kubelet's node, so the most specific one is the node's.
 */
const RUNTIME_PRECEDENCE: readonly Exclude<RuntimeKind, 'unknown'>[] = ['crio', 'docker', 'containerd'];

/**
 * A node name a text implies without stating it as the node's (as `Name:` or `metadata.name` do), strongest
 * first: a kubelet's structured `node="…"` or kubectl's `node/NAME`, then the host column of a journal line.
 */
export type NodeHintStrength = 'message' | 'host';
const HINT_ORDER: readonly NodeHintStrength[] = ['message', 'host'];
const NODE_IN_MESSAGE = /(?:^|[\s"'(,])node(?:="|\/)([a-z0-9][-a-z0-9.]*[a-z0-9])/;

/** What a PasteEvidence holds, as plain data (it crosses threads: a worker reading one range of a file). */
export interface EvidenceSnapshot {
  bundle: EvidenceBundle;
  /** The command outputs as added (command, kept text), in order: the bundle's keys number repeats. */
  commands: Array<[string, string]>;
  sections: Array<{ name: string; format: PasteFormat; line: number }>;
  logSources: LogSource[];
  /** Runtimes the lines imply, and whether an identifier named them (`named`) or only their content did. */
  runtimes: Array<[Exclude<RuntimeKind, 'unknown'>, 'named' | 'content']>;
  /** The runtime a line says the node is configured for (a bootstrap option, the kubelet's endpoint). */
  configured?: RuntimeSetting;
  nodeHint?: { name: string; strength: NodeHintStrength };
  facts: FactSnapshot;
}

/**
 * What the sections of one or more pasted texts found, gathered into one partial evidence bundle (bounded), plus
 * facts that only a section reader can see (a goroutine dump, a kernel stack) and the programs whose log lines
 * were seen. Several texts about one node (the CLI's `--log` files) share one.
 */
export class PasteEvidence {
  readonly facts: FactSet;
  readonly #bundle: EvidenceBundle = {};
  readonly #sections: Array<{ name: string; format: PasteFormat; line: number }> = [];
  readonly #logSources = new Set<LogSource>();
  readonly #commands: Array<[string, string]> = [];
  readonly #runtimes = new Map<Exclude<RuntimeKind, 'unknown'>, 'named' | 'content'>();
  #configured: RuntimeSetting | undefined;
  #nodeHint: { name: string; strength: NodeHintStrength } | undefined;
  #outputChars = 0;

  constructor(facts: FactSet) {
    this.facts = facts;
  }

  /** A program wrote log lines in the text. */
  sawComponent(component: Component): void {
    const source = SOURCE_OF[component];
    if (source) this.#logSources.add(source);
  }

  /**
   * A log line was read: its program is noted, the runtime it implies (an identifier outranks a mention), and
   * the node it names, if any.
   */
  sawLine(line: LogLine): void {
    this.sawComponent(line.component);
    const runtime = RUNTIME_OF[line.component];
    if (runtime && line.attribution !== 'none') this.#noteRuntime(runtime, line.attribution);
    const configured = configuredRuntimeIn(line.message);
    if (configured) this.#configured = strongerSetting(this.#configured, configured);
    const named = NODE_IN_MESSAGE.exec(line.message)?.[1];
    if (named) this.proposeNode(named, 'message');
    if (line.host !== undefined) this.proposeNode(line.host, 'host');
  }

  #noteRuntime(runtime: Exclude<RuntimeKind, 'unknown'>, how: 'named' | 'content'): void {
    if (this.#runtimes.get(runtime) !== 'named') this.#runtimes.set(runtime, how);
  }

  /** A weaker claim on the node's name than `setNodeField`: the first of the strongest kind is kept. */
  proposeNode(name: string, strength: NodeHintStrength): void {
    if (!isNodeName(name)) return;
    const held = this.#nodeHint;
    if (held && HINT_ORDER.indexOf(held.strength) <= HINT_ORDER.indexOf(strength)) return;
    this.#nodeHint = { name, strength };
  }

  /**
   * The runtime the lines imply: the one the node is configured for if a line says, else named by an identifier
   * if any is, else by content; the most specific wins.
   */
  get runtime():
    | { kind: Exclude<RuntimeKind, 'unknown'>; how: 'configured' | 'named' | 'content' }
    | undefined {
    if (this.#configured) return { kind: this.#configured.kind, how: 'configured' };
    for (const how of ['named', 'content'] as const) {
      const kind = RUNTIME_PRECEDENCE.find((r) => this.#runtimes.get(r) === how);
      if (kind) return { kind, how };
    }
    return undefined;
  }

  section(name: string, format: PasteFormat, line: number): void {
    if (this.#sections.length < MAX_SECTIONS) this.#sections.push({ name, format, line });
  }

  /**
   * Node identity and versions: the first section that names them wins (one paste is about one node). A name
   * the API server would not accept as a node's is not taken from untrusted text at all.
   */
  setNodeField(field: NodeField, value: string | undefined): void {
    const v = value?.trim();
    if (!v || v === '<none>' || this.#bundle[field] !== undefined) return;
    if (field === 'node' && !isNodeName(v)) return;
    this.#bundle[field] = v;
  }

  addCondition(condition: NodeCondition): void {
    const conditions = this.#bundle.conditions ?? [];
    if (conditions.length >= MAX_CONDITIONS || conditions.some((c) => c.type === condition.type)) return;
    this.#bundle.conditions = [...conditions, condition];
  }

  addEvent(event: KubeEvent): void {
    const events = this.#bundle.events ?? [];
    if (events.length >= MAX_EVENTS) return;
    events.push(event);
    this.#bundle.events = events;
  }

  setPods(pods: number): void {
    this.#bundle.counts = { ...this.#bundle.counts, pods: this.#bundle.counts?.pods ?? pods };
  }

  /** A command's output, cut to a bounded size; the same command twice keeps both (numbered). */
  addCommandOutput(command: string, output: string): void {
    const outputs = this.#bundle.commandOutputs ?? {};
    if (Object.keys(outputs).length >= MAX_COMMANDS) return;
    this.#bundle.commandOutputs = outputs;
    const room = Math.max(0, MAX_OUTPUT_CHARS * 4 - this.#outputChars);
    const kept = output.slice(0, Math.min(MAX_OUTPUT_CHARS, room));
    this.#outputChars += kept.length;
    let key = command;
    for (let n = 2; key in outputs; n++) key = `${command} (${n})`;
    outputs[key] = kept;
    this.#commands.push([command, kept]);
  }

  snapshot(): EvidenceSnapshot {
    return {
      bundle: this.#bundle,
      commands: this.#commands,
      sections: this.#sections,
      logSources: this.logSources,
      runtimes: [...this.#runtimes],
      ...(this.#configured ? { configured: this.#configured } : {}),
      ...(this.#nodeHint ? { nodeHint: this.#nodeHint } : {}),
      facts: this.facts.snapshot(),
    };
  }

  /**
   * Adds what was read from text that comes after the text this evidence was read from, as if it had been read
   * here, in order: every first-wins field, bound and budget applies as it would have. (A later text's first
   * section of the format this one ended with is listed again: sections are not part of a diagnosis.)
   */
  absorb(later: EvidenceSnapshot): void {
    const { bundle } = later;
    for (const field of NODE_FIELDS) this.setNodeField(field, bundle[field]);
    for (const condition of bundle.conditions ?? []) this.addCondition(condition);
    for (const event of bundle.events ?? []) this.addEvent(event);
    if (bundle.counts?.pods !== undefined) this.setPods(bundle.counts.pods);
    for (const [command, output] of later.commands) this.addCommandOutput(command, output);
    for (const s of later.sections) this.section(s.name, s.format, s.line);
    for (const source of later.logSources) this.#logSources.add(source);
    for (const [runtime, how] of later.runtimes) this.#noteRuntime(runtime, how);
    if (later.configured) this.#configured = strongerSetting(this.#configured, later.configured);
    if (later.nodeHint) this.proposeNode(later.nodeHint.name, later.nodeHint.strength);
    this.facts.absorb(later.facts);
  }

  /** The bundle the texts make up: a node named only by a hint is the node when nothing states one. */
  get bundle(): EvidenceBundle {
    if (this.#bundle.node !== undefined || !this.#nodeHint) return this.#bundle;
    return { ...this.#bundle, node: this.#nodeHint.name };
  }

  /** Whether the bundle's node was stated (`Name:`, `metadata.name`) or only implied by the lines. */
  get nodeStated(): boolean {
    return this.#bundle.node !== undefined;
  }

  /** The sections recognised, in order: the text, the format, the line it starts on. */
  get sections(): ReadonlyArray<{ name: string; format: PasteFormat; line: number }> {
    return this.#sections;
  }

  /** The programs whose log lines the texts hold, as bundle log sources. */
  get logSources(): LogSource[] {
    return [...this.#logSources];
  }
}

/**
 * One recognised section of a paste, read line by line with bounded state. `take` offers the next line and
 * answers whether it belongs to the section; the first line that does not ends it, and is read afresh.
 */
export interface Section {
  readonly format: PasteFormat;
  take(line: string, at: number): boolean;
  /** `cite` names a line of the text the section came from (`kubelet.log:42`). */
  close(evidence: PasteEvidence, cite: (line: number) => string): void;
}

/** Recognises the first line of a section. */
export type Opener = (line: string, at: number) => Section | undefined;
