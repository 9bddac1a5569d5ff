import { describe, expect, it } from 'vitest';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 15's family: a node daemon's state as service managers other than systemd and distributions' own tools print
// it (shared/diagnosis/rules/service-managers.ts). supervisord's log (supervisor/process.py) and supervisorctl's
// status rows, RHEL's functions status() (initscripts), OpenRC's rc-status and openrc-run (Alpine), microk8s inspect
// and snap services. Only the runtime's and the kubelet's lines count. Lines are written from the programs' format
// strings, not from any incident.

const SV = '2026-11-02 13:41:43,111';
const row = (name: string, state: string, detail: string) => `${name.padEnd(33)}${state.padEnd(10)}${detail}`;
const rc = (name: string, state: string) => ` ${name.padEnd(66)}[ ${state} ]`;

/** What the kubelet says about a runtime that is gone. */
const RUNTIME_DOWN_SYMPTOMS = [
  klog(
    'E',
    'kubelet.go:2855',
    '"Container runtime not ready" runtimeReady="RuntimeReady=false reason:DockerDaemonNotReady message:docker: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?"',
  ),
];

describe("supervisord's log and supervisorctl's status rows", () => {
  it("the runtime dying under supervisord and FATAL after its retries is the runtime's outage", () => {
    const log = [
      `${SV} INFO spawned: 'dockerd' with pid 812`,
      `${SV} WARN exited: dockerd (exit status 1; not expected)`,
      `${SV} INFO spawned: 'dockerd' with pid 815`,
      `${SV} WARN exited: dockerd (exit status 1; not expected)`,
      `${SV} INFO gave up: dockerd entered FATAL state, too many start retries too quickly`,
    ].join('\n');
    const bundle = { logs: { supervisord: log } };
    expect(ids(bundle)).toEqual(expect.arrayContaining(['runtime.service_failed', 'runtime.restart_limit']));
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('supervisorctl status with the kubelet in FATAL is the kubelet not running; the other rows do not count', () => {
    const status = [
      '$ supervisorctl status',
      row('containerd', 'RUNNING', 'pid 812, uptime 3 days, 1:02:03'),
      row('kubelet', 'FATAL', 'Exited too quickly (process log may have details)'),
      row('node-exporter', 'BACKOFF', 'Exited too quickly (process log may have details)'),
    ].join('\n');
    const bundle = { logs: { node: status } };
    const facts = ids(bundle);
    expect(facts).toContain('kubelet.unit_failed');
    expect(facts).not.toContain('runtime.service_failed');
    expect(facts).not.toContain('runtime.restart_limit');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it('an exit supervisord expected, a stop someone asked for and a RUNNING row yield nothing', () => {
    const log = [
      `${SV} INFO exited: kubelet (exit status 0; expected)`,
      `${SV} INFO stopped: docker (terminated by SIGTERM)`,
      `${SV} INFO success: docker entered RUNNING state, process has stayed up for > than 1 seconds (startsecs)`,
      row('docker', 'RUNNING', 'pid 812, uptime 3 days, 1:02:03'),
      row('kubelet', 'RUNNING', 'pid 1187, uptime 3 days, 1:02:03'),
      `${SV} WARN exited: nginx (exit status 1; not expected)`,
      `${SV} INFO gave up: nginx entered FATAL state, too many start retries too quickly`,
      row('nginx', 'FATAL', 'Exited too quickly (process log may have details)'),
    ].join('\n');
    const facts = ids({ logs: { node: log } });
    for (const fact of [
      'runtime.service_failed',
      'runtime.restart_limit',
      'runtime.service_stopped',
      'kubelet.dead',
      'kubelet.unit_failed',
      'kubelet.stopped',
    ])
      expect(facts).not.toContain(fact);
  });
});

describe('SysV init scripts: RHEL/CentOS functions status()', () => {
  it('"docker dead but pid file exists" with the kubelet reporting the runtime down is the runtime down', () => {
    const logs = [
      '$ service docker status',
      'docker dead but pid file exists',
      ...RUNTIME_DOWN_SYMPTOMS,
    ].join('\n');
    const bundle = { logs: { node: logs } };
    expect(ids(bundle)).toContain('runtime.service_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('"kubelet dead but subsys locked" is the kubelet gone', () => {
    const bundle = {
      logs: { node: ['$ service kubelet status', 'kubelet dead but subsys locked'].join('\n') },
    };
    expect(ids(bundle)).toContain('kubelet.dead');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it('a running daemon and another service dead are not the runtime or the kubelet', () => {
    const facts = ids({
      logs: {
        node: [
          'docker (pid  812) is running...',
          'kubelet (pid  1187) is running...',
          'ntpd dead but pid file exists',
        ].join('\n'),
      },
    });
    for (const fact of [
      'runtime.service_failed',
      'runtime.service_stopped',
      'kubelet.dead',
      'kubelet.stopped',
    ])
      expect(facts).not.toContain(fact);
  });
});

describe("OpenRC (Alpine's init)", () => {
  it("rc-status with docker crashed is the runtime's daemon gone", () => {
    const status = [
      'Runlevel: default',
      rc('sshd', ' started 3 days, 01:02:03 '),
      rc('docker', ' crashed '),
      rc('kubelet', ' started 3 days, 01:02:03 '),
      ...RUNTIME_DOWN_SYMPTOMS,
    ].join('\n');
    const bundle = { logs: { node: status } };
    const facts = ids(bundle);
    expect(facts).toContain('runtime.service_failed');
    expect(facts).not.toContain('kubelet.dead');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("openrc-run's refusal for k3s is the kubelet's agent not starting", () => {
    const bundle = { logs: { node: [' * Starting k3s ...', ' * ERROR: k3s failed to start'].join('\n') } };
    expect(ids(bundle)).toContain('kubelet.dead');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it("another service's crash does not count", () => {
    const facts = ids({ logs: { node: [rc('chronyd', ' crashed '), rc('docker', ' started ')].join('\n') } });
    expect(facts).not.toContain('runtime.service_failed');
    expect(facts).not.toContain('kubelet.dead');
  });
});

describe('MicroK8s: microk8s inspect and snap services', () => {
  it("inspect's FAIL for daemon-kubelite is the kubelet not running; the running services do not count", () => {
    const out = [
      'Inspecting services',
      '  Service snap.microk8s.daemon-cluster-agent is running',
      '  Service snap.microk8s.daemon-containerd is running',
      ' FAIL:  Service snap.microk8s.daemon-kubelite is not running',
      'For more details look at: sudo journalctl -u snap.microk8s.daemon-kubelite',
      '  Service snap.microk8s.daemon-k8s-dqlite is running',
    ].join('\n');
    const bundle = { logs: { node: out } };
    const facts = ids(bundle);
    expect(facts).toContain('kubelet.dead');
    expect(facts).not.toContain('runtime.service_failed');
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it("inspect's FAIL for daemon-containerd is the runtime's", () => {
    const bundle = {
      logs: {
        node: [
          ' FAIL:  Service snap.microk8s.daemon-containerd is not running',
          ...RUNTIME_DOWN_SYMPTOMS,
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.service_failed');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("snap services: only the runtime's and the kubelet's rows are read, and only when inactive", () => {
    const table = [
      'Service                               Startup  Current   Notes',
      'microk8s.daemon-apiserver-kicker      enabled  inactive  -',
      'microk8s.daemon-containerd            enabled  active    -',
      'microk8s.daemon-etcd                  enabled  inactive  -',
      'microk8s.daemon-kubelite              enabled  inactive  -',
    ].join('\n');
    const facts = ids({ logs: { node: table } });
    expect(facts).toContain('kubelet.stopped');
    expect(facts).not.toContain('runtime.service_stopped');
    expect(facts).not.toContain('runtime.service_failed');
  });

  it("a failing dqlite or cluster agent is not the kubelet's or the runtime's", () => {
    const facts = ids({
      logs: {
        node: [
          ' FAIL:  Service snap.microk8s.daemon-k8s-dqlite is not running',
          ' FAIL:  Service snap.microk8s.daemon-cluster-agent is not running',
          journal(
            'microk8s.daemon-kubelite[2101]',
            'I1102 13:41:43.111882    2101 server.go:417] "Kubelet version"',
          ),
        ].join('\n'),
      },
    });
    expect(facts).not.toContain('kubelet.dead');
    expect(facts).not.toContain('runtime.service_failed');
  });
});

describe("upstart's init and status (Ubuntu 14.04, RHEL 6's init)", () => {
  it('the docker job respawning until upstart gives up is the runtime down', () => {
    const logs = [
      journal('init', 'docker main process (812) terminated with status 1'),
      journal('init', 'docker main process ended, respawning'),
      journal('init', 'docker main process (815) terminated with status 1'),
      journal('init', 'docker respawning too fast, stopped'),
      ...RUNTIME_DOWN_SYMPTOMS,
    ].join('\n');
    const bundle = { logs: { node: logs } };
    expect(ids(bundle)).toEqual(expect.arrayContaining(['runtime.service_failed', 'runtime.restart_limit']));
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it('`status kubelet` answering stop/waiting after crashes is the kubelet not running', () => {
    const logs = [
      journal('init', 'kubelet main process (1187) killed by SEGV signal'),
      journal('init', 'kubelet respawning too fast, stopped'),
      '$ status kubelet',
      'kubelet stop/waiting',
    ].join('\n');
    const bundle = { logs: { node: logs } };
    expect(ids(bundle)).toEqual(
      expect.arrayContaining(['kubelet.dead', 'kubelet.unit_failed', 'kubelet.stopped']),
    );
    expect(top(bundle)?.id).toBe('node_unreachable');
  });

  it("a running job, a stop's TERM and another job's death yield nothing", () => {
    const facts = ids({
      logs: {
        node: [
          'docker start/running, process 812',
          'kubelet start/running, process 1187',
          journal('init', 'kubelet main process (1187) killed by TERM signal'),
          journal('init', 'tty1 main process (901) terminated with status 1'),
          journal('init', 'ssh respawning too fast, stopped'),
        ].join('\n'),
      },
    });
    for (const fact of [
      'runtime.service_failed',
      'runtime.restart_limit',
      'runtime.service_stopped',
      'kubelet.dead',
      'kubelet.unit_failed',
      'kubelet.stopped',
    ])
      expect(facts).not.toContain(fact);
  });
});

describe("the runtimes' own clients with no daemon behind them", () => {
  it("ctr's failed dial of containerd's socket is the runtime unreachable", () => {
    const bundle = {
      logs: {
        node: [
          '$ ctr -n k8s.io containers ls',
          'ctr: failed to dial "/run/containerd/containerd.sock": context deadline exceeded',
          ...RUNTIME_DOWN_SYMPTOMS,
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('runtime.unreachable');
    expect(top(bundle)?.id).toBe('runtime_down');
  });

  it("the docker CLI's error during connect on Windows is the runtime unreachable", () => {
    const bundle = {
      logs: {
        node: 'error during connect: this error may indicate that the docker daemon is not running: Get "http://%2F%2F.%2Fpipe%2Fdocker_engine/v1.45/info": open //./pipe/docker_engine: The system cannot find the file specified.',
      },
    };
    expect(ids(bundle)).toContain('runtime.unreachable');
  });
});
