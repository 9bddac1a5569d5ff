import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  type Catalogue,
  type Entry,
  entryId,
  globRegExp,
  type Input,
  literalsOf,
  type Manifest,
  normaliseFormat,
} from '../../shared/diagnosis/catalogue.ts';
import {
  cataloguePath,
  MANIFEST_PATH,
  type ProgramSources,
  readSources,
  renderJson,
  type SourceInput,
} from './config.ts';
import { extractC, extractGo, type Found, goDeclaredConsts } from './extract.ts';

/**
 * Mines the message catalogue from source trees fetched beforehand (`/work/.mirror/OWNER+NAME/repo` git
 * directories, or unpacked release archives), as `rules/catalogue/sources.json` lists them per program with
 * the path globs that narrow each program to the code paths that can take a node NotReady. Writes
 * `rules/catalogue/<program>.generated.json` and the manifest; nobody edits either.
 *
 *   node scripts/catalogue/mine.ts [--mirrors DIR] [PROGRAM...]
 */

interface Tree {
  input: Input;
  /** Path in the program's layout → file text. */
  files: Map<string, string>;
}

function git(dir: string, args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
}

function wanted(path: string, program: ProgramSources): boolean {
  const match = (globs: ProgramSources['include']) => globs.some((g) => globRegExp(g.glob).test(path));
  return match(program.include) && !match(program.exclude);
}

/** Reads the wanted files of a git tree at a ref, through one `git cat-file --batch`. */
function gitTree(mirrors: string, source: SourceInput, program: ProgramSources): Tree {
  const dir = join(mirrors, source.repository.replace('/', '+'), 'repo');
  const commit = git(dir, ['rev-parse', `${source.ref}^{commit}`]).trim();
  const prefix = source.prefix ?? '';
  const listing = git(dir, ['ls-tree', '-r', '--format=%(objectname) %(path)', commit])
    .split('\n')
    .filter(Boolean)
    .map((l) => ({ blob: l.slice(0, l.indexOf(' ')), path: prefix + l.slice(l.indexOf(' ') + 1) }))
    .filter((f) => wanted(f.path, program));
  const out = execFileSync('git', ['-C', dir, 'cat-file', '--batch'], {
    input: listing.map((f) => f.blob).join('\n'),
    maxBuffer: 1 << 30,
  });
  const files = new Map<string, string>();
  let at = 0;
  for (const f of listing) {
    const header = out.subarray(at, out.indexOf(10, at)).toString();
    const size = Number(header.split(' ')[2]);
    const start = out.indexOf(10, at) + 1;
    files.set(f.path, out.subarray(start, start + size).toString('utf8'));
    at = start + size + 1;
  }
  const input: Input = {
    repository: source.repository,
    ref: source.ref ?? '',
    commit,
    release: source.release,
  };
  return { input: source.note ? { ...input, note: source.note } : input, files };
}

/** Reads an unpacked tree; its `commit` is a digest of the wanted files, so a changed tree shows. */
function dirTree(mirrors: string, source: SourceInput, program: ProgramSources): Tree {
  const root = join(mirrors, source.dir ?? '');
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const path = (source.prefix ?? '') + relative(root, full);
        if (wanted(path, program)) files.set(path, readFileSync(full, 'utf8'));
      }
    }
  };
  walk(root);
  const digest = createHash('sha256');
  for (const path of [...files.keys()].sort()) digest.update(`${path}\n${files.get(path)}\n`);
  const input: Input = {
    repository: source.repository,
    ref: source.dir ?? '',
    commit: `sha256:${digest.digest('hex')}`,
    release: source.release,
  };
  return { input: source.note ? { ...input, note: source.note } : input, files };
}

/** node-problem-detector's monitor configs: each rule's reason (and condition), each default condition. */
function npdMessages(text: string): Found[] {
  // Some of NPD's configs carry trailing commas, which its Go reader accepts and JSON.parse does not.
  const config = JSON.parse(text.replace(/,(\s*[\]}])/g, '$1')) as {
    source?: string;
    conditions?: Array<{ type: string; reason: string; message: string }>;
    rules?: Array<{ type: string; condition?: string; reason: string; pattern?: string; path?: string }>;
  };
  const found: Found[] = [];
  // Rules first: where a default condition's reason is the problem's own name (disk-log-message-filelog.json's
  // DiskBadBlock), the one entry both make is the problem a permanent rule sets, not the healthy default.
  for (const r of config.rules ?? [])
    found.push({
      format: r.reason,
      syntax: 'plain',
      level: r.type === 'permanent' ? 'condition' : 'event',
      call: r.type,
      function: r.condition ?? '',
      detail: r.pattern ?? r.path ?? '',
    });
  for (const c of config.conditions ?? [])
    found.push({
      format: c.reason,
      syntax: 'plain',
      level: 'condition',
      call: 'default condition',
      function: c.type,
      detail: c.message,
    });
  return found;
}

/**
 * The EKS node monitoring agent's reasons.yaml: condition → reason → template, severity, description. A template
 * with a verb (`%sRepeatedRestart`, `DCGMFieldError%d`) is a Go format: pkg/reasons/meta.go Builder fills it with
 * fmt.Sprintf, so the reason a node shows holds the value, not the verb.
 */
function eksMessages(text: string): Found[] {
  const doc = parseYaml(text) as Record<
    string,
    Record<string, { Template: string; DefaultSeverity: string; Description?: string }>
  >;
  return Object.entries(doc).flatMap(([condition, reasons]) =>
    Object.entries(reasons).map(([name, r]) => ({
      format: r.Template,
      syntax: /%[-+# 0-9.]*[a-zA-Z]/.test(r.Template) ? ('go' as const) : ('plain' as const),
      // Fatal reasons set the condition (NotReady-grade); Warning ones are events.
      level: r.DefaultSeverity === 'Fatal' ? ('condition' as const) : ('event' as const),
      call: r.DefaultSeverity,
      function: `${condition}/${name}`,
      detail: (r.Description ?? '').trim(),
    })),
  );
}

function messagesOf(
  program: ProgramSources,
  path: string,
  text: string,
  consts: Map<string, string>,
): Found[] {
  if (program.kind === 'npd') return path.endsWith('.json') ? npdMessages(text) : [];
  if (program.kind === 'eks') return eksMessages(text);
  if (path.endsWith('.go'))
    return extractGo(text, { consts, logr: program.logr === true, sprintf: program.sprintf === true });
  if (path.endsWith('.c') || path.endsWith('.h')) return extractC(text);
  return [];
}

/** The exported string constants of a tree's Go files, keyed `.Name` as qualified references look them up. */
function exportedConsts(tree: Tree): Map<string, string> {
  const consts = new Map<string, string>();
  for (const [path, text] of tree.files)
    if (path.endsWith('.go'))
      for (const [name, value] of goDeclaredConsts(text))
        if (/^[A-Z]/.test(name)) consts.set(`.${name}`, value);
  return consts;
}

/** Records one message found at `path` in a release: a new entry, or one more site or release of an entry. */
function record(
  entries: Map<string, Entry>,
  program: string,
  path: string,
  found: Found,
  release: string,
): void {
  const format = normaliseFormat(found.format, found.syntax);
  const literals = literalsOf(format, found.syntax);
  // A message with no fixed text (`%s: %v`) can be recognised by nothing.
  if (literals.length === 0) return;
  const id = entryId(program, found.syntax, format);
  const entry: Entry = entries.get(id) ?? {
    id,
    format,
    syntax: found.syntax,
    literals,
    level: found.level,
    call: found.call,
    ...(found.detail ? { detail: found.detail } : {}),
    sites: [],
  };
  entries.set(id, entry);
  if (found.keys) entry.keys = [...new Set([...(entry.keys ?? []), ...found.keys])];
  const site = entry.sites.find((s) => s.file === path && s.function === found.function);
  if (!site) entry.sites.push({ file: path, function: found.function, releases: [release] });
  else if (!site.releases.includes(release)) site.releases.push(release);
}

/** One program's catalogue: every message of every tree, merged by normalised format. */
export function mineProgram(program: ProgramSources, trees: readonly Tree[]): Catalogue {
  const entries = new Map<string, Entry>();
  const releases = [...new Set(program.inputs.map((i) => i.release))];
  for (const tree of trees) {
    const consts = exportedConsts(tree);
    for (const [path, text] of tree.files)
      for (const found of messagesOf(program, path, text, consts))
        record(entries, program.program, path, found, tree.input.release);
  }
  const order = (r: string) => releases.indexOf(r);
  const sorted = [...entries.values()]
    .map((e) => ({
      ...e,
      sites: e.sites
        .map((s) => ({ ...s, releases: [...s.releases].sort((a, b) => order(a) - order(b)) }))
        .sort((a, b) => a.file.localeCompare(b.file) || a.function.localeCompare(b.function)),
    }))
    .sort((a, b) => a.format.localeCompare(b.format) || a.id.localeCompare(b.id));
  return { program: program.program, releases, inputs: trees.map((t) => t.input), entries: sorted };
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const mirrorsAt = args.indexOf('--mirrors');
  const mirrors = mirrorsAt >= 0 ? (args.splice(mirrorsAt, 2)[1] ?? '') : '/work/.mirror';
  const only = new Set(args);
  const sources = readSources();
  let manifest: Manifest = { programs: {} };
  try {
    manifest = JSON.parse(readFileSync(MANIFEST_PATH, 'utf8')) as Manifest;
  } catch {
    // First run: no manifest yet.
  }
  for (const program of sources.programs) {
    if (only.size > 0 && !only.has(program.program)) continue;
    const trees = program.inputs.map((i) =>
      i.dir ? dirTree(mirrors, i, program) : gitTree(mirrors, i, program),
    );
    const catalogue = mineProgram(program, trees);
    const text = renderJson(catalogue);
    writeFileSync(cataloguePath(program.program), text);
    manifest.programs[program.program] = {
      file: `${program.program}.generated.json`,
      sha256: sha256(text),
      entries: catalogue.entries.length,
    };
    const files = trees.reduce((n, t) => n + t.files.size, 0);
    process.stdout.write(
      `${program.program}: ${catalogue.entries.length} entries from ${files} files in ${trees.length} trees\n`,
    );
  }
  const ordered = Object.fromEntries(
    Object.entries(manifest.programs).sort(([a], [b]) => a.localeCompare(b)),
  );
  writeFileSync(MANIFEST_PATH, renderJson({ programs: ordered }));
}
