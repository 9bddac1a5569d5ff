import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  cataloguePath,
  readCatalogue,
  readManifest,
  readSources,
  readVerdicts,
  verdictsPath,
} from '../../scripts/catalogue/config.ts';
import { extractC, extractGo } from '../../scripts/catalogue/extract.ts';
import { CATALOGUED_PATH, promoted, renderPromoted } from '../../scripts/catalogue/promote.ts';
import {
  entryId,
  examples,
  factsOfEntry,
  globRegExp,
  literalsOf,
  MESSAGE_RULES,
  normaliseFormat,
  resolveVerdicts,
  staleVerdicts,
  type VerdictFile,
  verdictHolds,
  writesLine,
} from '../../shared/diagnosis/catalogue.ts';
import { CATALOGUED_RULES } from '../../shared/diagnosis/rules/catalogued.ts';

const sources = readSources();
const manifest = readManifest();
const programs = Object.keys(manifest.programs);

describe('the message catalogue (rules/catalogue/)', () => {
  it('lists every program of sources.json in the manifest, and no other', () => {
    expect(programs.sort()).toEqual(sources.programs.map((p) => p.program).sort());
  });

  it.each(programs)(
    '%s: the generated file is the one the mining run recorded, from the inputs listed',
    (program) => {
      const text = readFileSync(cataloguePath(program), 'utf8');
      const recorded = manifest.programs[program];
      // Edited by hand, or mined again without recording: either way the catalogue no longer says what mined it.
      expect(createHash('sha256').update(text).digest('hex'), 'sha256 in manifest.json').toBe(
        recorded?.sha256,
      );
      const catalogue = readCatalogue(program);
      expect(catalogue.entries.length).toBe(recorded?.entries);
      const listed = sources.programs.find((p) => p.program === program)?.inputs ?? [];
      // sources.json changed since the catalogue was mined: run scripts/catalogue/mine.ts again.
      expect(catalogue.inputs.map((i) => [i.repository, i.ref, i.release])).toEqual(
        listed.map((i) => [i.repository, i.ref ?? i.dir, i.release]),
      );
      for (const input of catalogue.inputs)
        expect(input.commit).toMatch(/^(?:[0-9a-f]{40}|sha256:[0-9a-f]{64})$/);
    },
  );

  it.each(programs)('%s: every entry is keyed, split and dated as the mining script does it', (program) => {
    const catalogue = readCatalogue(program);
    const ids = new Set<string>();
    for (const entry of catalogue.entries) {
      expect(entry.id).toBe(entryId(program, entry.syntax, entry.format));
      expect(entry.format).toBe(normaliseFormat(entry.format, entry.syntax));
      expect(entry.literals).toEqual(literalsOf(entry.format, entry.syntax));
      expect(entry.literals.length).toBeGreaterThan(0);
      for (const site of entry.sites) for (const r of site.releases) expect(catalogue.releases).toContain(r);
      ids.add(entry.id);
    }
    expect(ids.size).toBe(catalogue.entries.length);
  });

  it.each(programs)('%s: every entry has exactly one verdict, and no verdict is stale', (program) => {
    expect(existsSync(verdictsPath(program)), `${program}.verdicts.json`).toBe(true);
    const { entries } = readCatalogue(program);
    const verdicts = readVerdicts(program);
    expect(verdicts.program).toBe(program);
    const missing = resolveVerdicts(entries, verdicts)
      .filter((r) => !r.verdict)
      .map((r) => `${r.entry.id} ${r.entry.format}`);
    expect(missing, 'entries without a verdict (scripts/catalogue/verdicts.ts --list)').toEqual([]);
    expect(staleVerdicts(entries, verdicts), 'verdicts for entries re-mining removed (--prune)').toEqual([]);
  });

  it.each(programs)(
    '%s: a fact verdict is one an existing rule bears out, relayed only when an error brings it',
    (program) => {
      const { entries } = readCatalogue(program);
      const verdicts = readVerdicts(program);
      const wrong = entries.flatMap((entry) => {
        const v = verdicts.entries[entry.id];
        if (!v || !('fact' in v)) return [];
        if (!verdictHolds(program, entry, v, MESSAGE_RULES)) return [`${entry.id} ${v.fact} ${entry.format}`];
        if (v.example !== undefined) return v.relayed ? [`${entry.id} relayed with an example`] : [];
        const relayed = factsOfEntry(program, entry, MESSAGE_RULES).find((f) => f.fact === v.fact)?.relayed;
        return Boolean(v.relayed) === relayed ? [] : [`${entry.id} ${v.fact} relayed should be ${relayed}`];
      });
      expect(wrong, 'node scripts/catalogue/verdicts.ts brings the verdicts in step').toEqual([]);
    },
  );
});

describe('format strings', () => {
  it('splits Go verbs, C conversions and keeps %% as text', () => {
    expect(literalsOf('pleg was last seen active %v ago; threshold is %v', 'go')).toEqual([
      'pleg was last seen active',
      'ago; threshold is',
    ]);
    expect(literalsOf('INFO: task %s:%d blocked for more than %ld seconds.', 'c')).toEqual([
      'INFO: task',
      'blocked for more than',
      'seconds.',
    ]);
    expect(literalsOf('usage %d%% of %*pbl', 'c')).toEqual(['usage', '% of']);
    expect(literalsOf('Failed to update lease', 'structured')).toEqual(['Failed to update lease']);
  });

  it('merges verbs of one message but keeps integers and %q, whose quotes a line carries', () => {
    expect(normaliseFormat('failed to stop %s:  %w\n', 'go')).toBe('failed to stop %v: %v');
    expect(normaliseFormat('container %q not found', 'go')).toBe('container %q not found');
    expect(normaliseFormat('Killed process %d (%s) %lu %pK', 'c')).toBe('Killed process %d (%v) %d %v');
    // A normalised C format reads back with the same holes.
    expect(literalsOf('%v: Killed process %d (%v)', 'c')).toEqual([': Killed process']);
  });

  it('builds example lines the message writes', () => {
    const entry = {
      format: 'ListPodSandbox from runtime service failed: %v',
      syntax: 'go' as const,
      literals: [],
    };
    const lines = examples(entry).map((e) => e.line);
    expect(lines).toContain(
      'ListPodSandbox from runtime service failed: rpc error: code = DeadlineExceeded desc = context deadline exceeded',
    );
    expect(
      examples({ format: 'Will retry updating lease', syntax: 'structured', keys: ['interval'] })[0]?.line,
    ).toBe('"Will retry updating lease" interval="abc"');
    expect(
      writesLine({ literals: ['pleg was last seen active', 'ago;'] }, 'pleg was last seen active 3m ago; x'),
    ).toBe(true);
    expect(writesLine({ literals: ['ago;', 'pleg'] }, 'pleg was last seen active 3m ago;')).toBe(false);
  });

  it('reads globs with ** across directories and {a,b} alternatives', () => {
    expect(globRegExp('pkg/kubelet/*.go').test('pkg/kubelet/kubelet.go')).toBe(true);
    expect(globRegExp('pkg/kubelet/*.go').test('pkg/kubelet/pleg/generic.go')).toBe(false);
    expect(globRegExp('pkg/kubelet/{cm,eviction}/**').test('pkg/kubelet/eviction/helpers.go')).toBe(true);
    expect(globRegExp('src/core/load-fragment*').test('src/core/load-fragment.c')).toBe(true);
    expect(globRegExp('**/*_test.go').test('clientconn_test.go')).toBe(true);
    expect(globRegExp('**/*_test.go').test('internal/transport/http2_test.go')).toBe(true);
  });
});

describe('verdicts', () => {
  const entry = (id: string, file: string) => ({
    id,
    format: 'failed to pull image %v',
    syntax: 'go' as const,
    literals: ['failed to pull image'],
    level: 'error' as const,
    call: 'fmt.Errorf',
    sites: [{ file, function: 'f', releases: ['1'] }],
  });

  it('takes an entry its own verdict, else the first group matching all its sites', () => {
    const file: VerdictFile = {
      program: 'x',
      groups: [
        { file: 'images/**', irrelevant: 'image pulls fail one pod' },
        { format: 'pull', todo: 'never reached for images/' },
      ],
      entries: { aaaaaaaaaaaa: { todo: 'its own verdict wins' } },
    };
    const resolved = resolveVerdicts(
      [entry('aaaaaaaaaaaa', 'images/a.go'), entry('bbbbbbbbbbbb', 'images/b.go')],
      file,
    );
    expect(resolved.map((r) => r.verdict)).toEqual([
      { todo: 'its own verdict wins' },
      { irrelevant: 'image pulls fail one pod' },
    ]);
    expect(staleVerdicts([entry('bbbbbbbbbbbb', 'images/b.go')], file)).toEqual([
      'entry aaaaaaaaaaaa',
      'group 1 (  pull)',
    ]);
  });
  // A strict rule reads only lines of its own components: the controller manager's lost watch (strict, its
  // components only) is not a fact of another program's message that happens to share its words.
  it("maps a message to a strict rule's fact only for the programs whose lines that rule reads", () => {
    const watch = {
      format: 'Failed to watch *v1.Lease: %v',
      syntax: 'go' as const,
      literals: ['Failed to watch *v1.Lease:'],
      level: 'error' as const,
      call: 'klog.Errorf',
      sites: [{ file: 'tools/cache/reflector.go', function: 'watchHandler', releases: ['1'] }],
    };
    const facts = (program: string) => factsOfEntry(program, watch, MESSAGE_RULES).map((f) => f.fact);
    expect(facts('kubelet')).toContain('controlplane.watch_lost');
    expect(facts('containerd')).not.toContain('controlplane.watch_lost');
    expect(facts('systemd')).not.toContain('controlplane.watch_lost');
  });
  // "failed to open lockfile: %v" says nothing of the node; the full disk a rule reads comes from the
  // error filled into its hole, so the coverage report counts it as relaying an error, not as a mapped message.
  it("marks a fact only an error text in the hole brings as relayed, and a message's own fact as not", () => {
    const message = (format: string, literals: string[]) => ({
      format,
      syntax: 'go' as const,
      literals,
      level: 'error' as const,
      call: 'fmt.Errorf',
      sites: [{ file: 'x.go', function: 'f', releases: ['1'] }],
    });
    const relayed = factsOfEntry(
      'runc',
      message('failed to open lockfile %v: %v', ['failed to open lockfile']),
      MESSAGE_RULES,
    );
    expect(relayed.find((f) => f.fact === 'disk.pressure')).toMatchObject({ relayed: true });
    expect(relayed.every((f) => f.relayed)).toBe(true);
    const own = factsOfEntry(
      'kubelet',
      message('PLEG is not healthy: pleg was last seen active %v ago; threshold is %v', [
        'PLEG is not healthy: pleg was last seen active',
        'ago; threshold is',
      ]),
      MESSAGE_RULES,
    );
    expect(own[0]).toMatchObject({ relayed: false });
  });
});

describe('extraction', () => {
  it('reads klog, logr, logrus and error constructors in Go, with the enclosing function', () => {
    const src = `package p
const reason = "ContainerGCFailed"
func (g *GenericPLEG) Relist() {
	klog.ErrorS(err, "GenericPLEG: Unable to retrieve pods", "pod", p)
	klog.V(5).InfoS("too verbose to keep")
	g.logger.Error(err, "PLEG: Write status", "pod", ref)
	log.G(ctx).WithError(err).Errorf("failed to handle %s", "x" + y)
	return errors.Wrapf(err, "failed to create %q", id)
	recorder.Eventf(ref, v1.EventTypeWarning, reason, "Failed: %v", err)
}`;
    const found = extractGo(src, { consts: new Map(), logr: true, sprintf: false });
    expect(found.map((f) => [f.format, f.syntax, f.level, f.function])).toEqual([
      ['GenericPLEG: Unable to retrieve pods', 'structured', 'error', '(*GenericPLEG).Relist'],
      ['PLEG: Write status', 'structured', 'error', '(*GenericPLEG).Relist'],
      ['failed to handle %s', 'go', 'error', '(*GenericPLEG).Relist'],
      ['failed to create %q: %v', 'go', 'error-value', '(*GenericPLEG).Relist'],
      ['ContainerGCFailed Failed: %v', 'go', 'event', '(*GenericPLEG).Relist'],
    ]);
    expect(found[0]?.keys).toEqual(['pod']);
  });

  it("reads the kernel's pr_* and systemd's log_unit_* in C, with the unit prefix and without debug", () => {
    const src = `#define pr_fmt(fmt) "cgroup: " fmt
static void check(struct task_struct *t) {
	pr_err("INFO: task %s:%d blocked for more than %ld seconds.\\n", t->comm, t->pid, 120);
	pr_debug("not kept %d\\n", 1);
}
int unit_start(Unit *u) {
	log_unit_warning_errno(u, r, "Failed to start transient scope: %m");
	log_unit_debug(u, "not kept");
}`;
    expect(extractC(src).map((f) => [f.format, f.level, f.function])).toEqual([
      ['cgroup: INFO: task %s:%d blocked for more than %ld seconds.\n', 'error', 'check'],
      ['%s: Failed to start transient scope: %m', 'warning', 'unit_start'],
    ]);
  });

  it("reads Open vSwitch's VLOG_* macros (rate-limited, once, by VLL_ level) and ovs_fatal/ovs_error", () => {
    const src = `static void
bridge_run(void)
{
    VLOG_ERR_RL(&rl, "%s: could not open network device %s (%s)", br, name, ovs_strerror(error));
    VLOG_WARN_ONCE("%s: backlog %"PRIuSIZE" bytes", name, n);
    VLOG(VLL_INFO, "%s: datapath ID changed to %016"PRIx64, br, dpid);
    VLOG_FATAL("%s: already running as pid %ld, aborting", name, pid);
    VLOG_DBG_RL(&rl, "not kept");
}
int
main(int argc, char *argv[])
{
    ovs_fatal(0, "unix:%s: database connection failed", db);
    ovs_error(retval, "%s: read failed", name);
    return ovsdb_syntax_error(json, NULL, "%s: unknown column", name);
}
static void
vsctl_context_populate_cache(struct ctl_context *ctx)
    OVS_REQUIRES(mutex)
{
    ctl_fatal("%s: database connection failed (%s)", db, ovs_retval_to_string(retval));
}`;
    expect(extractC(src).map((f) => [f.format, f.level, f.function])).toEqual([
      ['%s: could not open network device %s (%s)', 'error', 'bridge_run'],
      ['%s: backlog %llu bytes', 'warning', 'bridge_run'],
      ['%s: datapath ID changed to %016llu', 'info', 'bridge_run'],
      ['%s: already running as pid %ld, aborting', 'fatal', 'bridge_run'],
      ['%s: unix:%s: database connection failed', 'fatal', 'main'],
      ['%s: %s: read failed', 'error', 'main'],
      ['%s: unknown column', 'error-value', 'main'],
      ['%s: %s: database connection failed (%s)', 'fatal', 'vsctl_context_populate_cache'],
    ]);
  });
});

describe('messages promoted from the catalogue to rules', () => {
  it('shared/diagnosis/rules/catalogued.ts is what promote.ts makes of promoted.json (node scripts/catalogue/promote.ts --write)', () => {
    expect(readFileSync(CATALOGUED_PATH, 'utf8')).toBe(renderPromoted(promoted()));
  });

  it("every promoted message is recognised by its own rule, from a line built from the message's literals", () => {
    const unread = promoted().filter((p) => {
      const line = p.entry.literals.join(' 42 ');
      return !CATALOGUED_RULES.some((r) => r.fact === p.fact && new RegExp(r.pattern).test(line));
    });
    expect(unread.map((p) => `${p.program} ${p.entry.id}`)).toEqual([]);
  });
});
