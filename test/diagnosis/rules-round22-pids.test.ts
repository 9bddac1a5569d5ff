import { describe, expect, it } from 'vitest';
import { ids, journal, top } from '../support/node-lines.ts';

// Round 22's PID family and the words taken for other words (docs/accuracy.md, round 22): zombies whose parent is not
// the kubelet, one command's processes counted by the thousand, thread and process creation failing with ENOSPC, and
// the near misses (a container's dead state, a program named after the kubelet). Listings are built from ps(1)'s
// formats (`ps -ef`: UID PID PPID C STIME TTY TIME CMD; `ps -eo pid,ppid,stat,cmd`), not from any incident.

/** `ps -ef` rows of zombies: `[name] <defunct>` under the given parents. */
const defunct = (rows: readonly [pid: number, ppid: number, name: string][]) =>
  rows
    .map(([pid, ppid, name]) => `app      ${pid} ${ppid}  0 Nov01 ?        00:00:00 [${name}] <defunct>`)
    .join('\n');

describe('zombies under parents that are neither the kubelet nor a shim', () => {
  it("reads a probe's scripts and their children left unreaped under a container's processes", () => {
    const listing = defunct([
      [4101, 3120, 'probe.sh'],
      [4188, 3120, 'probe.sh'],
      [4213, 3120, 'wget'],
      [4377, 3120, 'wget'],
      [5120, 3371, 'probe.sh'],
    ]);
    const bundle = { commandOutputs: { 'ps -ef | grep defunct': listing } };
    expect(ids(bundle)).toContain('proc.zombie_unreaped');
    expect(ids(bundle)).not.toContain('proc.zombie_kubelet');
    expect(top(bundle)?.id).toBe('resource_starvation');
  });

  it('reads a headed listing whose zombies sit under a shell run as a container’s PID 1', () => {
    const listing = [
      '    PID    PPID STAT CMD',
      '   2210    2190 Ss   /bin/sh -c /app/run.sh',
      ...[2301, 2302, 2303, 2304].map((pid) => `   ${pid}    2210 Z    [curl] <defunct>`),
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -eo pid,ppid,stat,cmd': listing } })).toContain(
      'proc.zombie_unreaped',
    );
  });

  it('leaves zombies under the kubelet, under a shim, under the host’s init, and a moment’s zombie alone', () => {
    const kubelet = [
      '    PID    PPID STAT CMD',
      '    812       1 Ssl  /usr/bin/kubelet --config=/var/lib/kubelet/config.yaml',
      ...[901, 902, 903, 904].map((pid) => `    ${pid}     812 Z    [du] <defunct>`),
    ].join('\n');
    const underKubelet = ids({ commandOutputs: { 'ps -eo pid,ppid,stat,cmd': kubelet } });
    expect(underKubelet).toContain('proc.zombie_kubelet');
    expect(underKubelet).not.toContain('proc.zombie_unreaped');
    const shim = [
      '    PID    PPID STAT CMD',
      '   1500       1 Sl   /usr/bin/containerd-shim-runc-v2 -namespace k8s.io -id abc -address /run/containerd/containerd.sock',
      ...[1601, 1602, 1603, 1604].map((pid) => `   ${pid}    1500 Z    [pause] <defunct>`),
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -eo pid,ppid,stat,cmd': shim } })).not.toContain(
      'proc.zombie_unreaped',
    );
    const init = [
      '    PID    PPID STAT CMD',
      '      1       0 Ss   /usr/lib/systemd/systemd --switched-root --system --deserialize 22',
      ...[3001, 3002, 3003].map((pid) => `   ${pid}       1 Z    [sh] <defunct>`),
    ].join('\n');
    expect(ids({ commandOutputs: { 'ps -eo pid,ppid,stat,cmd': init } })).not.toContain(
      'proc.zombie_unreaped',
    );
    const moment = defunct([
      [4101, 3120, 'probe.sh'],
      [5120, 3371, 'probe.sh'],
      [6120, 3590, 'curl'],
    ]);
    expect(ids({ commandOutputs: { 'ps -ef | grep defunct': moment } })).not.toContain(
      'proc.zombie_unreaped',
    );
  });
});

describe("one command's processes counted by the thousand", () => {
  it.each([
    ['ps auxfww | grep curl -c', '19782'],
    ['ps aux | grep -c defunct', '8120'],
    ['ps -ef | grep defunct | grep -v grep | wc -l', '31200'],
    ['pgrep -c sleep', '6001'],
    ['sudo pgrep healthcheck.sh | wc -l', '12044'],
  ])('%s → %s', (command, output) => {
    expect(ids({ commandOutputs: { [command]: output } })).toContain('pid.many_processes');
  });

  it.each([
    ['ps auxfww | grep curl -c', '41'],
    ['ps aux | wc -l', '19782'],
    ['grep -c processor /proc/cpuinfo', '9000'],
    ['ps auxfww | grep curl', 'root 16688 0.0 0.0 0 0 ? Z Feb06 0:00 [curl] 19782'],
    ['cat /proc/sys/kernel/pid_max', '32768'],
  ])('not %s → %s', (command, output) => {
    expect(ids({ commandOutputs: { [command]: output } })).not.toContain('pid.many_processes');
  });

  it('with a thread that cannot be made for want of a PID, names the PID space exhausted with confidence', () => {
    const d = top({
      logs: {
        dockerd: journal(
          'dockerd[1200]',
          'time="2026-11-23T10:01:02Z" level=error msg="containerd: start init process" error="exit status 2: \\"runtime/cgo: pthread_create failed: No space left on device"',
        ),
      },
      commandOutputs: { 'ps aux | grep -c curl': '19782' },
    });
    expect(d?.id).toBe('resource_starvation');
    expect(d?.confidence).toBeGreaterThanOrEqual(0.7);
  });
});

describe('zombies counted by parent, and zombies counted in words', () => {
  const byParent = "ps -eo ppid,stat | awk '$2 ~ /Z/ {print $1}' | sort | uniq -c | sort -rn";

  it("reads a parent's unreaped children by their count, the kubelet's as its own leak", () => {
    expect(ids({ commandOutputs: { [byParent]: '    412 2210\n      2 3301' } })).toContain(
      'proc.zombie_unreaped',
    );
    const kubelet = ids({
      commandOutputs: { [byParent]: '  18622 16414\n      3 2201', 'pidof kubelet': '16414' },
    });
    expect(kubelet).toContain('proc.zombie_kubelet');
    expect(kubelet).toContain('pid.many_processes');
    expect(kubelet).not.toContain('proc.zombie_unreaped');
  });

  it.each([
    ['ps -eo comm | sort | uniq -c', '    412 2210'],
    [byParent, '      2 2210\n      1 3301'],
    [byParent, '     40 1'],
  ])('not: %s → %s', (command, output) => {
    expect(ids({ commandOutputs: { [command]: output } })).not.toContain('proc.zombie_unreaped');
  });

  it.each([
    'The engineers found about 20,000 zombie curl processes on the node.',
    'we found thousands of defunct processes under the cron runner',
    '节点上有上万个僵尸进程',
    '发现 19782 个 curl 僵尸进程',
  ])('a count of zombies in the thousands: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).toContain('pid.many_processes');
  });

  it.each(['there were 3 zombie processes', 'We saw 1200 requests and a zombie process later'])(
    'not: %s',
    (sentence) => {
      expect(ids({ logs: { other: sentence } })).not.toContain('pid.many_processes');
    },
  );
});

describe("a runtime's listing with the node-local API server proxy dead", () => {
  const header =
    'CONTAINER ID   IMAGE                       COMMAND                  CREATED        STATUS                   PORTS     NAMES';
  const kubelet =
    '9b1c2d3e4f5a   rancher/hyperkube:v1.11.5   "/opt/rke-tools/entr…"   3 weeks ago    Up 2 days                          kubelet';
  const proxy = (status: string, age = '3 weeks ago') =>
    `4f2a9c1e0b7d   rancher/rke-tools:v0.1.16   "nginx-proxy CP_HOST…"   ${age}    ${status.padEnd(24)}           nginx-proxy`;

  it.each(['Dead', 'Exited (1) 2 hours ago'])('docker ps -a: %s', (status) => {
    const facts = ids({ commandOutputs: { 'docker ps -a': [header, proxy(status), kubelet].join('\n') } });
    expect(facts).toContain('apiserver.proxy_failed');
    expect(facts).not.toContain('proc.dstate');
  });

  it('not when an instance of it runs, nor for an application container of the same image name', () => {
    const restarted = [header, proxy('Dead'), proxy('Up 2 hours', '2 hours ago'), kubelet].join('\n');
    expect(ids({ commandOutputs: { 'docker ps -a': restarted } })).not.toContain('apiserver.proxy_failed');
    const app = [
      header,
      '1234abcd5678   nginx:1.25                  "nginx -g daemon of…"   3 weeks ago    Exited (0) 2 days ago              web_nginx',
      kubelet,
    ].join('\n');
    expect(ids({ commandOutputs: { 'docker ps -a': app } })).not.toContain('apiserver.proxy_failed');
  });
});

describe('words taken for other words', () => {
  it.each([
    'the nginx-proxy containers are all in DEAD state and cannot be restarted',
    'docker ps shows the proxy container in Dead state',
    'the unit is in FAILED state since the upgrade',
    'the container went to state DEAD after the restart',
  ])("a container's or a unit's state is not uninterruptible sleep: %s", (sentence) => {
    expect(ids({ logs: { other: sentence } })).not.toContain('proc.dstate');
  });

  it.each([
    'several processes were in D state on the node',
    'the runc processes are stuck in D-state',
    'ps shows the shim in state D for hours',
  ])('a process in D state is still read: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).toContain('proc.dstate');
  });

  it.each([
    'On every worker the nginx-proxy containers are in DEAD state and cannot be restarted.',
    'docker ps shows the apiserver-proxy container Exited (1) 2 hours ago on the workers.',
  ])("the node-local proxy's container dead is the kubelet's path to the servers gone: %s", (sentence) => {
    const facts = ids({ logs: { other: sentence } });
    expect(facts).toContain('apiserver.proxy_failed');
    expect(facts).not.toContain('proc.dstate');
  });

  it.each([
    'The nginx containers of the web app are in DEAD state.',
    'We restarted the nginx-proxy container and it came back healthy.',
  ])("not the node-local proxy's container dead: %s", (sentence) => {
    expect(ids({ logs: { other: sentence } })).not.toContain('apiserver.proxy_failed');
  });

  it.each([
    'The kubelet-monitor puts the node in a reboot loop every 15 minutes.',
    'Our kubelet_watchdog keeps restarting the node.',
    'The kubelet-health-check DaemonSet keeps crashing.',
    'The check-kubelet script restarted the node over and over.',
  ])('a program named after the kubelet is not the kubelet: %s', (sentence) => {
    expect(ids({ logs: { other: sentence } })).not.toContain('kubelet.dead');
  });

  it('the kubelet itself restarting in a loop is still read', () => {
    expect(ids({ logs: { other: 'The kubelet keeps restarting every few seconds.' } })).toContain(
      'kubelet.dead',
    );
  });
});
