import type { Component } from '../components.ts';
import type { FactId, FactSet } from '../facts.ts';
import { parseLogLine } from '../logline.ts';
import type { Opener, PasteEvidence, Section } from './evidence.ts';

/**
 * Go goroutine dumps (SIGQUIT, `debug/pprof/goroutine?debug=2`, a panic) of the kubelet or a runtime:
 *
 *   goroutine 386 [chan send, 1140 minutes]:
 *   k8s.io/kubernetes/pkg/kubelet/pleg.(*GenericPLEG).relist(0xc42069ea20)
 *   	/workspace/.../pkg/kubelet/pleg/generic.go:261 +0x74e
 *   created by k8s.io/kubernetes/pkg/kubelet/pleg.(*GenericPLEG).Start
 *
 * The header's wait reason and duration (printed only once a goroutine has waited a minute or more) say what it
 * is blocked on and for how long; its frames, from the innermost out, say where.
 */
const HEADER = /^goroutine (\d+)(?: [a-z]+=\S+)* \[([^\],]+)(?:, (\d+) minutes)?(?:, [^\]]*)?\]:\s*$/;
// Go prints each frame's file line indented by a tab; a paste or a log that dropped the tab still holds it as an absolute
// path (Go's traceback prints the file's full path unless built with -trimpath).
const FILE_LINE = /^(?:\s+\S+|\s*\/\S+)\.(?:go|s):\d+/;
/** `created by k8s.io/…/pleg.(*GenericPLEG).Start in goroutine 1` (the goroutine number from Go 1.21). */
const CREATED_BY = /^created by \S+(?: in goroutine \d+)?$/;
const FUNCTION_LINE = /^(?:created by )?[\w.\-/~%*()[\]{}]+\(.*\)(?: in goroutine \d+)?(?: \+0x[0-9a-f]+)?$/;
/** Frames kept per goroutine: what it is blocked in is near the top. */
const MAX_FRAMES = 64;
/** Distinct blocking places remembered; beyond this, further places are only counted. */
const MAX_PLACES = 256;

/** The relist loop of the generic PLEG (kubelet pkg/kubelet/pleg/generic.go). */
const RELIST = /pleg\.\(\*GenericPLEG\)\.relist\b/;

/**
 * What a blocked goroutine waits for, by the innermost frame that names it. A CRI call through the kubelet's
 * remote runtime client or any gRPC unary call is the runtime not answering; a ttrpc call is a shim not
 * answering (containerd talks to its shims over ttrpc); an HTTP round trip is the API server connection; a D-Bus
 * signal delivery or method call is systemd (or logind) not answering, or the program not draining what they send.
 *
 * `minGoroutines` is how many goroutines must have waited `minMinutes` or more at the same kind of place before
 * the pile is a fact, decided from what a healthy program holds there:
 * - godbus: a healthy connection keeps one goroutine reading the socket ((*Conn).inWorker, not counted here) and
 *   none parked in delivery or calls: godbus v5 default_handler.go (*signalChannelData).deliver spawns a
 *   deferredDeliver goroutine only when the subscriber's channel is full (v4's DeliverSignal sent from a new
 *   goroutine per signal), and object.go (*Object).Call/CallWithContext wait on the reply's Done channel without a
 *   deadline. A kubelet with graceful node shutdown (alpha 1.20, beta 1.21) subscribes to logind's
 *   PrepareForShutdown through a one-slot channel drained by one goroutine (pkg/kubelet/nodeshutdown/systemd/
 *   inhibit_linux.go MonitorShutdown), so a delivery parked at all means that goroutine stopped draining; ten
 *   parked for minutes is a backlog, not a signal caught in flight.
 * - HTTP/2 round trips: RoundTrip returns once the response headers arrive (x/net/http2 transport.go
 *   (*ClientConn).RoundTrip; Go's bundled copy as net/http.(*http2ClientConn).RoundTrip), so a client-go watch is
 *   not parked there; three requests without headers for minutes is the connection, not one slow call.
 * - the existing CRI, ttrpc and HTTP/1 places keep their one-goroutine reading: a unary CRI call is bounded by the
 *   kubelet's runtime request timeout (2 minutes by default), so one parked past 3 minutes is already overdue.
 */
const WAITS: ReadonlyArray<{
  fact: FactId;
  frame: RegExp;
  minMinutes: number;
  minGoroutines: number;
  /** The header's wait reason the place requires (a system call's goroutine is `syscall`, not `chan receive`). */
  state?: RegExp;
  /** Goroutines with such a frame anywhere are not this place (a call that rightly blocks there by design). */
  unlessFrames?: RegExp;
}> = [
  {
    fact: 'runtime.shim_blocked',
    frame: /containerd\/ttrpc\.|\/runtime\/v2\/shim\.|\(\*shimTask\)\.|shim\.\(\*client\)/,
    minMinutes: 3,
    minGoroutines: 1,
  },
  {
    fact: 'runtime.call_blocked',
    frame:
      /remote_runtime|\(\*remoteRuntimeService\)|cri-client\/pkg|internalapi\.|runtimeServiceClient\)\.|grpc\.\(\*ClientConn\)\.Invoke|grpc\.invoke\b|\(\*clientStream\)\.RecvMsg|grpc\.recvResponse|transport\.\(\*Stream\)\.Header|dockershim\.|libdocker\.|docker\/docker\/client\.\(\*Client\)/,
    minMinutes: 3,
    minGoroutines: 1,
  },
  // CRI-O's stop path for one container (internal/oci container.go (*Container).WaitOnStopTimeout, runtime_oci.go
  // (*runtimeOCI).StopLoopForContainer, 1.28 on): a StopContainer returns within its caller's deadline (the grace
  // period plus the kubelet's runtime request timeout) and the kill loop ends when the process dies, so either one
  // parked for 5 minutes is a stop that will not finish: a process surviving SIGKILL, or the stop lock held by a
  // send to a kill loop that no longer reads (defects.ts crio-stop-kill-loop-deadlock).
  {
    fact: 'runtime.stop_blocked',
    frame: /oci\.\(\*Container\)\.WaitOnStopTimeout|oci\.\(\*runtimeOCI\)\.StopLoopForContainer/,
    minMinutes: 5,
    minGoroutines: 1,
  },
  // Round 21 (r21-runtime-words): the runtime's status or list path parked on one container's lock. CRI-O's
  // internal/oci container.go (*Container).State takes the container's opLock for reading, which StopContainer
  // (runtime_oci.go) holds for the whole stop timeout: server/container_status.go ContainerStatus called it until
  // v1.15.4 / v1.17.2 / v1.18.0 (StateNoLock after). moby daemon/list.go (*Daemon).reducePsContainer took each
  // container's lock to build `docker ps` until v17.07.0-ce, and daemon/kill.go killWithSignal holds that lock
  // around containerd's Signal. Either parked for minutes is the listing or status waiting on one container's stop.
  {
    fact: 'runtime.waits_on_stop',
    frame: /\/oci\.\(\*Container\)\.State\b|docker\/daemon\.\(\*Daemon\)\.reducePsContainer\b/,
    minMinutes: 3,
    minGoroutines: 1,
  },
  // Round 22 (r22-below-runtime): dockerd's inspect of a container takes that container's lock (moby daemon/inspect.go
  // (*Daemon).ContainerInspectCurrent ctr.Lock(), v1.13-v26; containerInspect from v28), held by a start or kill of it
  // waiting on containerd and runc. The kubelet's relist inspects every container (dockershim, cri-dockerd), so three
  // or more inspects parked there for minutes are the daemon's request threads piled on one lock: the daemon hangs.
  {
    fact: 'runtime.daemon_lock_pileup',
    frame: /docker\/daemon\.\(\*Daemon\)\.(?:ContainerInspectCurrent|containerInspect)\b/,
    minMinutes: 3,
    minGoroutines: 3,
  },
  // Round 24 (r24-runtime-io): a goroutine of the kubelet (its sync loop's HandlePodCleanups -> cleanupOrphanedPodDirs ->
  // podVolumesExist -> IsLikelyNotMountPoint, the volume manager's mount checks, cadvisor's fs usage) or of a runtime
  // held in a file-status, open, directory-read, statfs or mount system call. Go prints `[syscall, N minutes]` when a
  // goroutine has been in one system call for N minutes (runtime/traceback.go goroutineheader: waitfor from
  // gp.waitsince for _Gwaiting and _Gsyscall, printed when >= 1; every Go release since 1.2). A stat or open of a
  // local or live file system returns in milliseconds and a busy walk moves from call to call, so one call held for
  // 5 minutes is the thread in uninterruptible sleep on a mount that no longer answers (a hard NFS mount whose server
  // is gone, a stalled FUSE or Ceph mount): the process's D state seen from its own stack. Opens of a FIFO block by
  // design until the other end opens (containerd/fifo, runc's exec.fifo) and are not read here. The kubelet's mounter
  // runs mount(8)/umount(8) as children and waits for them (k8s.io/mount-utils, pkg/util/mount before 1.20:
  // (*Mounter).doMount, Unmount, UnmountWithForce through exec's Wait, a wait4 system call): a mount that does not
  // return for 5 minutes is the same network mount hanging in its child.
  {
    fact: 'proc.dstate_storage',
    frame:
      /(?:^|\/)(?:syscall|unix)\.(?:Stat|Lstat|Fstat|[Ff]statat|Statx|Statfs|Fstatfs|Mount|Unmount|Open|[Oo]penat2?|Getdents|ReadDirent|Readlink|[Rr]eadlinkat|Access|Faccessat2?)\(|^os\.(?:Stat|Lstat|statNolog|lstatNolog|Open|OpenFile|openFileNolog|openDirNolog|ReadDir|Readlink|\(\*File\)\.(?:readdir|Readdir|Readdirnames|ReadDir))\(|(?:mount-utils|pkg\/util\/mount)\.\(\*Mounter\)\.(?:doMount|Unmount|UnmountWithForce)\(/,
    state: /^syscall\b/,
    unlessFrames: /[Ff]ifo|libcontainer\//,
    minMinutes: 5,
    minGoroutines: 1,
  },
  {
    fact: 'kubelet.http_blocked',
    frame: /net\/http\.\(\*persistConn\)\.roundTrip/,
    minMinutes: 1,
    minGoroutines: 1,
  },
  {
    fact: 'kubelet.http_blocked',
    frame:
      /x\/net\/http2\.\(\*ClientConn\)\.(?:RoundTrip|roundTrip)|net\/http\.\(\*http2ClientConn\)\.(?:RoundTrip|roundTrip)/,
    minMinutes: 1,
    minGoroutines: 3,
  },
  {
    fact: 'systemd.dbus_blocked',
    frame:
      /godbus\/dbus(?:\/v5)?\.(?:\(\*signalChannelData\)\.(?:deferredDeliver|deliver)|\(\*defaultSignalHandler\)\.DeliverSignal|\(\*Object\)\.(?:Call|CallWithContext)\b)/,
    minMinutes: 3,
    minGoroutines: 10,
  },
];

/**
 * Goroutines whose CRI call has no deadline and may rightly run for minutes: an image pull (cri-client
 * remote_image.go PullImage runs under the caller's context alone) and the Evented PLEG's event stream
 * (GetContainerEvents). Not the runtime failing to answer.
 */
const LONG_BY_DESIGN = /PullImage|pullImageV1|GetContainerEvents/;

/** Whether a goroutine whose frame matched a place is waiting there (its state, and no frame that excludes it). */
function waitsThere(wait: (typeof WAITS)[number], g: Goroutine): boolean {
  if (wait.fact === 'runtime.call_blocked' && g.frames.some((f) => LONG_BY_DESIGN.test(f))) return false;
  if (wait.state && !wait.state.test(g.state)) return false;
  const unless = wait.unlessFrames;
  return !(unless && g.frames.some((f) => unless.test(f)));
}

/** A frame of the program itself (the kubelet, a runtime, cadvisor, the mount library), not the standard library. */
const OWN_FRAME = /k8s\.io\/|github\.com\/|sigs\.k8s\.io\//;

/**
 * For a system call's place: the program's own frame that made the call (the kubelet's cleanup, a volume check),
 * where beside what; empty for the other places.
 */
function callerOf(wait: (typeof WAITS)[number], g: Goroutine, at: number): string {
  const caller = wait.state ? g.frames.slice(at + 1).find((f) => OWN_FRAME.test(f)) : undefined;
  return caller ? ` in ${caller}` : '';
}

/** A place goroutines are blocked in: one fact per place, however many goroutines pile up there. */
interface Place {
  fact: FactId;
  minGoroutines: number;
  state: string;
  frame: string;
  count: number;
  maxMinutes: number;
  firstLine: number;
  firstHeader: string;
}

interface Goroutine {
  header: string;
  state: string;
  minutes: number;
  line: number;
  frames: string[];
}

/** Reads a dump line by line, keeping one goroutine's frames and a bounded tally of where goroutines block. */
export class GoroutineDump {
  readonly #places = new Map<string, Place>();
  #current: Goroutine | undefined;
  #goroutines = 0;

  /** Offers a line; false when it is not part of a goroutine dump. */
  line(text: string, at: number): boolean {
    const header = HEADER.exec(text);
    if (header) {
      this.#finish();
      this.#goroutines++;
      this.#current = {
        header: text.trim(),
        state: header[2] ?? '',
        minutes: Number(header[3] ?? 0),
        line: at,
        frames: [],
      };
      return true;
    }
    if (text.trim() === '') {
      this.#finish();
      return true;
    }
    if (FILE_LINE.test(text) || text.includes('...additional frames elided...')) return true;
    // The goroutine's creator, printed without arguments: part of the dump, not a frame it waits in.
    if (CREATED_BY.test(text.trim())) return true;
    if (FUNCTION_LINE.test(text.trim())) {
      const frames = this.#current?.frames;
      if (frames && frames.length < MAX_FRAMES)
        frames.push(text.trim().replace(/\(0x[^)]*\)|\(\.\.\.\)/g, '()'));
      return true;
    }
    return false;
  }

  #finish(): void {
    const g = this.#current;
    this.#current = undefined;
    if (!g || g.frames.length === 0) return;
    const relist = g.frames.findIndex((f) => RELIST.test(f));
    // The relist goroutine parked on a channel send: nothing drains the PLEG event channel (the sync loop
    // waits on relist in turn). Minutes of it is the kubelet's own deadlock.
    if (relist >= 0 && g.state === 'chan send' && g.minutes >= 3) {
      this.#tally('kubelet.relist_deadlock', g, g.frames[relist] ?? '');
      return;
    }
    for (const [i, frame] of g.frames.entries()) {
      const wait = WAITS.find((w) => w.frame.test(frame));
      if (!wait) continue;
      if (!waitsThere(wait, g)) return;
      if (g.minutes >= wait.minMinutes) {
        const inRelist = relist > i ? ' (inside PLEG relist)' : '';
        this.#tally(wait.fact, g, `${frame}${inRelist}${callerOf(wait, g, i)}`, wait.minGoroutines);
      }
      return;
    }
  }

  #tally(fact: FactId, g: Goroutine, frame: string, minGoroutines = 1): void {
    const key = `${fact} ${g.state} ${frame}`;
    const place = this.#places.get(key);
    if (place) {
      place.count++;
      place.maxMinutes = Math.max(place.maxMinutes, g.minutes);
    } else if (this.#places.size < MAX_PLACES) {
      this.#places.set(key, {
        fact,
        minGoroutines,
        state: g.state,
        frame,
        count: 1,
        maxMinutes: g.minutes,
        firstLine: g.line,
        firstHeader: g.header,
      });
    }
  }

  /** The goroutines read so far, and where they block (finishing the last one). */
  summary(): { goroutines: number; places: Place[] } {
    this.#finish();
    return { goroutines: this.#goroutines, places: [...this.#places.values()] };
  }

  /**
   * One fact per blocking place: the first goroutine's header verbatim, with the pile's size. A kind of place that
   * needs a pile (WAITS' minGoroutines) gives its facts only when its places together hold that many goroutines.
   */
  addFacts(
    facts: FactSet,
    cite: (line: number) => string,
    quote?: (line: number) => string | undefined,
  ): void {
    const places = this.summary().places;
    const pile = (p: Place) =>
      places
        .filter((q) => q.fact === p.fact && q.minGoroutines === p.minGoroutines)
        .reduce((a, q) => a + q.count, 0);
    for (const p of places) {
      if (pile(p) < p.minGoroutines) continue;
      const many = p.count > 1 ? `${p.count} goroutines, up to ${p.maxMinutes} minutes, e.g. ` : '';
      facts.add({
        id: p.fact,
        source: cite(p.firstLine),
        // A log's fact quotes its line as logged (the header under its log header), as the scanner's facts do.
        text: quote?.(p.firstLine) ?? `${many}${p.firstHeader} ${p.frame}`,
        value: p.maxMinutes,
      });
    }
  }
}

/**
 * A journal line cut down to its tag (`kubelet[2767]: …`, the time and host dropped), or to its time of day and tag
 * (`01:38:02 kubelet[2767]: …`, the date and host dropped), which no log header holds.
 */
const SYSLOG_TAG = /^\s*(?:\d{1,2}:\d{2}:\d{2}(?:\.\d+)? +)?[\w.-]+\[\d+\]: ?/;

/**
 * Round 24 (r24-runtime-io): the runtime daemons whose Go traceback, kept raw in their own log, is their crash. The Go
 * runtime writes goroutine headers to stderr (runtime/traceback.go goroutineheader, every goroutine's from
 * dopanic_m/tracebackothers when a throw or a fatal signal ends the process, the panicking one's for an unrecovered
 * panic) and a fatal signal's line (runtime/signal_unix.go sighandler: "SIGQUIT: quit", "SIGABRT: abort", then PC=)
 * only when the process dies. The dumps these daemons make on demand go elsewhere: SIGUSR1's "=== BEGIN goroutine stack
 * dump ===" is one logrus entry, its newlines quoted (moby pkg/signal DumpStacks before 17.06, a file after it;
 * containerd cmd/containerd/command dumpStacks), and a dump fetched from the debug endpoint is a command's output, not
 * the daemon's log. So each such line in the daemon's own log is its crash (runtime.panic), and a daemon that crashes
 * on every call writes one dump per restart. A shim's traceback is one container's, not the daemon's.
 */
const DAEMONS: readonly Component[] = ['dockerd', 'containerd', 'crio'];
const FATAL_SIGNAL = /^SIG(?:QUIT: quit|ABRT: abort)\b/;

/**
 * Goroutine dump facts from a whole text (a bundle's command output); lines are cited within it. A log's dump
 * (the kubelet's crash on its stderr, kept by the journal) is read through each line's log header: `component`
 * names whose log it is, and each line's message is what the dump printed.
 */
export function goroutineFacts(text: string, source: string, facts: FactSet, component?: Component): void {
  if (!(component ? /goroutine \d+ \[/ : /^goroutine \d+ \[/m).test(text)) return;
  const dump = new GoroutineDump();
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    if (!component) {
      dump.line(line, i + 1);
      continue;
    }
    const parsed = parseLogLine(line, component);
    const message = parsed.message.replace(SYSLOG_TAG, '');
    dump.line(message, i + 1);
    if (DAEMONS.includes(parsed.component) && (HEADER.test(message) || FATAL_SIGNAL.test(message)))
      facts.add({ id: 'runtime.panic', source: `${source}:${i + 1}`, text: line.trim() });
  }
  dump.addFacts(
    facts,
    (line) => `${source}:${line}`,
    component ? (line) => lines[line - 1]?.trim() : undefined,
  );
}

class GoroutineSection implements Section {
  readonly format = 'goroutine-dump';
  readonly #dump = new GoroutineDump();

  constructor(first: string, at: number) {
    this.#dump.line(first, at);
  }

  take(line: string, at: number): boolean {
    return this.#dump.line(line, at);
  }

  close(evidence: PasteEvidence, cite: (line: number) => string): void {
    this.#dump.addFacts(evidence.facts, cite);
  }
}

export const openGoroutineDump: Opener = (line, at) =>
  line.startsWith('goroutine ') && HEADER.test(line) ? new GoroutineSection(line, at) : undefined;
