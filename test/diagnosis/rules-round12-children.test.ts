import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, top } from '../support/node-lines.ts';

/**
 * Round 11's class 1 (docs/accuracy.md, "Round 11"): program families seen from outside. Go goroutine dumps read by
 * the package their parked goroutines sit in (Go runtime/traceback.go goroutineheader: `goroutine N [state, M
 * minutes]:`, the minutes printed once a goroutine has waited one), and runc's init children seen through lsof,
 * /proc and ps (runc libcontainer/nsenter/nsexec.c stage names, standard_init_linux.go's exec fifo wait, the
 * kernel's fifo open in fs/pipe.c).
 */

/** One goroutine as the Go runtime prints it: header, then function and file lines, innermost first. */
function goroutine(id: number, state: string, minutes: number, frames: readonly string[]): string {
  const wait = minutes >= 1 ? `, ${minutes} minutes` : '';
  return [
    `goroutine ${id} [${state}${wait}]:`,
    ...frames.flatMap((f, i) => [
      `${f}(0xc000${(i + 10).toString(16)}a0, 0x1)`,
      `\t/workspace/src/${i}.go:${100 + i} +0x${(i + 1) * 16}`,
    ]),
  ].join('\n');
}

const DEFERRED = [
  'runtime.gopark',
  'runtime.selectgo',
  'k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*signalChannelData).deferredDeliver',
];
const DEFERRED_CREATED =
  'created by k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*signalChannelData).deliver in goroutine 211';
const IN_WORKER = [
  'internal/poll.runtime_pollWait',
  'internal/poll.(*pollDesc).wait',
  'net.(*conn).Read',
  'k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*unixTransport).ReadMessage',
  'k8s.io/kubernetes/vendor/github.com/godbus/dbus/v5.(*Conn).inWorker',
];

/** A dump of `n` goroutines parked `minutes` in godbus's deferred signal delivery, beside a healthy reader. */
function dbusDump(n: number, minutes: number): string {
  const parked = Array.from(
    { length: n },
    (_, i) => `${goroutine(5000 + i, 'select', minutes, DEFERRED)}\n${DEFERRED_CREATED}`,
  );
  return [goroutine(211, 'IO wait', 1440, IN_WORKER), ...parked].join('\n\n');
}

const THREADS_FATAL = ['runtime: program exceeds 10000-thread limit', 'fatal error: thread exhaustion', ''];

describe('goroutine dumps: godbus signal delivery and calls as systemd/D-Bus not drained or not answering', () => {
  it('a kubelet crash at the thread limit whose dump is parked in D-Bus delivery: the D-Bus stall, the fatal its consequence', () => {
    const text = [...THREADS_FATAL, dbusDump(40, 38)].join('\n');
    const kubelet = text
      .split('\n')
      .map((l) => journal('kubelet[1893]', l))
      .join('\n');
    const bundle = { logs: { kubelet } };
    const facts = ids(bundle);
    expect(facts).toContain('systemd.dbus_blocked');
    expect(facts).toContain('kubelet.panic');
    const d = diagnose(bundle);
    expect(d.causes[0]?.id).toBe('systemd_dbus_stall');
    expect(d.causes.map((c) => c.id)).toContain('kubelet_defect');
  });

  it('the same dump as a command output, with godbus calls waiting for systemd', () => {
    const call = [
      'runtime.gopark',
      'runtime.chanrecv1',
      'github.com/godbus/dbus/v5.(*Object).CallWithContext',
      'github.com/coreos/go-systemd/v22/dbus.(*Conn).startJob',
      'github.com/coreos/go-systemd/v22/dbus.(*Conn).StartTransientUnitContext',
    ];
    const dump = Array.from({ length: 12 }, (_, i) => goroutine(700 + i, 'chan receive', 9 + i, call)).join(
      '\n\n',
    );
    const bundle = { commandOutputs: { 'curl -s localhost:10248/debug/pprof/goroutine?debug=2': dump } };
    expect(ids(bundle)).toContain('systemd.dbus_blocked');
    expect(top(bundle)?.id).toBe('systemd_dbus_stall');
  });

  it('red herring: a few deliveries parked for a minute or two are a burst, not a backlog', () => {
    const bundle = {
      commandOutputs: { 'kill -QUIT $(pidof kubelet); journalctl -u kubelet': dbusDump(4, 2) },
    };
    expect(ids(bundle)).not.toContain('systemd.dbus_blocked');
  });

  it('red herring: the connection reader waiting a day, and godbus frames in running goroutines', () => {
    const running = Array.from({ length: 20 }, (_, i) =>
      goroutine(900 + i, 'running', 0, ['github.com/godbus/dbus/v5.(*Object).Call', 'main.poll']),
    );
    const dump = [goroutine(211, 'IO wait', 1440, IN_WORKER), ...running].join('\n\n');
    expect(ids({ commandOutputs: { 'cat /tmp/kubelet-goroutines.txt': dump } })).not.toContain(
      'systemd.dbus_blocked',
    );
    expect(ids({ logs: { kubelet: dump } })).not.toContain('systemd.dbus_blocked');
  });
});

describe('goroutine dumps: CRI calls and HTTP/2 round trips', () => {
  const cri = [
    'runtime.gopark',
    'runtime.selectgo',
    'google.golang.org/grpc/internal/transport.(*Stream).waitOnHeader',
    'google.golang.org/grpc.(*ClientConn).Invoke',
    'k8s.io/cri-api/pkg/apis/runtime/v1.(*runtimeServiceClient).ListContainers',
    'k8s.io/cri-client/pkg.(*remoteRuntimeService).listContainersV1',
  ];
  it('CRI calls parked past the runtime request timeout are the runtime not answering', () => {
    const dump = Array.from({ length: 3 }, (_, i) => goroutine(40 + i, 'select', 14, cri)).join('\n\n');
    const bundle = { commandOutputs: { 'cat kubelet-stacks.txt': dump } };
    expect(ids(bundle)).toContain('runtime.call_blocked');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('red herring: an image pull of many minutes has no deadline by design', () => {
    const pull = [
      'runtime.gopark',
      'runtime.selectgo',
      'google.golang.org/grpc.(*ClientConn).Invoke',
      'k8s.io/cri-api/pkg/apis/runtime/v1.(*imageServiceClient).PullImage',
      'k8s.io/cri-client/pkg.(*remoteImageService).pullImageV1',
    ];
    const dump = goroutine(41, 'select', 25, pull);
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': dump } })).not.toContain('runtime.call_blocked');
  });

  it('HTTP/2 round trips to the API server with no headers for minutes: the path to the API server', () => {
    const rt = [
      'runtime.gopark',
      'runtime.selectgo',
      'k8s.io/kubernetes/vendor/golang.org/x/net/http2.(*ClientConn).RoundTrip',
      'k8s.io/kubernetes/vendor/golang.org/x/net/http2.(*Transport).RoundTripOpt',
      'net/http.send',
    ];
    const three = Array.from({ length: 3 }, (_, i) => goroutine(60 + i, 'select', 6, rt)).join('\n\n');
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': three } })).toContain('kubelet.http_blocked');
    const one = goroutine(60, 'select', 6, rt);
    expect(ids({ commandOutputs: { 'cat kubelet-stacks.txt': one } })).not.toContain('kubelet.http_blocked');
  });
});

describe('goroutine dumps in logs cut down to the journal tag', () => {
  it('`kubelet[PID]: ` before every line, the time and host dropped', () => {
    const kubelet = dbusDump(12, 20)
      .split('\n')
      .map((l) => ` kubelet[2767]: ${l}`)
      .join('\n');
    expect(ids({ logs: { kubelet } })).toContain('systemd.dbus_blocked');
  });
});
