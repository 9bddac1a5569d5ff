import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 14's two source families (docs/accuracy.md, "What round 14 teaches"): the runtimes' stop and kill paths
// that wait for a task's exit (containerd's CRI StopContainer, dockerd's containerStop and kill), read as a task
// whose exit never arrives after SIGKILL, apart from the routine escalation to SIGKILL after a grace period; and
// descriptor limits as commands print them (`ulimit -n`, `systemctl show -p LimitNOFILE`, /proc/PID/limits,
// prlimit), weighed against what a runtime's unit ships. Lines are written from the programs' format strings, not
// from any incident.

const CID = '3f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const TS = 'time="2026-11-02T13:41:43.111882Z"';

describe("the runtimes' wait for a container's exit after SIGKILL", () => {
  it("containerd's StopContainer whose exit never arrives after the kill is a wedged container", () => {
    const logs = [
      journal('containerd[812]', `${TS} level=info msg="StopContainer for \\"${CID}\\" with timeout 30 (s)"`),
      journal('containerd[812]', `${TS} level=info msg="Stop container \\"${CID}\\" with signal terminated"`),
      journal('containerd[812]', `${TS} level=info msg="Kill container \\"${CID}\\""`),
      journal(
        'containerd[812]',
        `${TS} level=error msg="StopContainer for \\"${CID}\\" failed" error="rpc error: code = DeadlineExceeded desc = an error occurs during waiting for container \\"${CID}\\" to be killed: wait container \\"${CID}\\": context deadline exceeded"`,
      ),
      klog(
        'E',
        'remote_runtime.go:366',
        `"StopContainer from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" containerID="${CID}"`,
      ),
    ].join('\n');
    const bundle = { logs: { node: logs } };
    expect(ids(bundle)).toContain('runtime.kill_failed');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('the same error relayed through a StopPodSandbox, as the kubelet and crictl print it', () => {
    const line = `${TS} level=error msg="StopPodSandbox for \\"${CID}\\" failed" error="rpc error: code = DeadlineExceeded desc = failed to stop container \\"${CID}\\": an error occurs during waiting for container \\"${CID}\\" to be killed: wait container \\"${CID}\\": context deadline exceeded"`;
    const bundle = { logs: { containerd: line } };
    expect(ids(bundle)).toContain('runtime.kill_failed');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it("dockerd's stop: the grace period, the kill, the direct SIGKILL and no exit event", () => {
    const logs = [
      journal(
        'dockerd[701]',
        `${TS} level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=${CID}`,
      ),
      journal(
        'dockerd[701]',
        `${TS} level=warning msg="Container failed to exit within 10s of kill - trying direct SIGKILL" container=${CID} error="context deadline exceeded"`,
      ),
      journal(
        'dockerd[701]',
        `${TS} level=error msg="error killing container: context deadline exceeded" container=${CID} error="tried to kill container, but did not receive an exit event"`,
      ),
      journal(
        'dockerd[701]',
        `${TS} level=error msg="Handler for POST /v1.43/containers/${CID}/stop returned error: cannot stop container: ${CID}: tried to kill container, but did not receive an exit event"`,
      ),
    ].join('\n');
    const bundle = { logs: { node: logs } };
    expect(ids(bundle)).toContain('runtime.kill_failed');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('red herring: one graceful escalation to SIGKILL is routine and decides nothing', () => {
    for (const line of [
      journal(
        'dockerd[701]',
        `${TS} level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=${CID}`,
      ),
      journal(
        'dockerd[701]',
        `${TS} level=info msg="Container ${CID} failed to exit within 30 seconds of signal 15 - using the force"`,
      ),
      journal(
        'containerd[812]',
        `${TS} level=error msg="An error occurs during waiting for container \\"${CID}\\" to be stopped" error="wait container \\"${CID}\\" stop timeout"`,
      ),
    ]) {
      const bundle = { logs: { node: line } };
      expect(ids(bundle), line).toContain('runtime.force_kill');
      expect(ids(bundle), line).not.toContain('runtime.kill_failed');
      expect(diagnose(bundle).verdict, line).toBe('unknown');
    }
  });

  it('red herrings: a kill that races a normal exit, and a stop that completes after the escalation', () => {
    const logs = [
      journal(
        'containerd[812]',
        `${TS} level=error msg="StopContainer for \\"${CID}\\" failed" error="failed to kill container \\"${CID}\\": process already finished: not found"`,
      ),
      journal(
        'dockerd[701]',
        `${TS} level=info msg="Container failed to exit within 10s of signal 15 - using the force" container=${CID}`,
      ),
      journal(
        'dockerd[701]',
        `${TS} level=info msg="ignoring event" container=${CID} module=libcontainerd namespace=moby topic=/tasks/delete type="*events.TaskDelete"`,
      ),
    ].join('\n');
    const bundle = { logs: { node: logs } };
    expect(ids(bundle)).not.toContain('runtime.kill_failed');
    expect(diagnose(bundle).verdict).not.toBe('zombie_shim_hang');
  });
});

describe('open-files limits as commands print them, read with their owner', () => {
  const EMFILE = journal(
    'containerd[812]',
    `${TS} level=error msg="failed to serve" error="accept unix /run/containerd/containerd.sock: accept4: too many open files"`,
  );
  const TABLE = (soft: string, hard: string) =>
    [
      'Limit                     Soft Limit           Hard Limit           Units',
      'Max cpu time              unlimited            unlimited            seconds',
      `Max open files            ${soft.padEnd(20)} ${hard.padEnd(20)} files`,
      'Max processes             63412                63412                processes',
    ].join('\n');

  it("a runtime's unit, a running daemon's /proc limits and prlimit, at a few thousand, are the hint", () => {
    const low: Record<string, string>[] = [
      { 'systemctl show -p LimitNOFILE containerd': 'LimitNOFILE=1024\n' },
      { 'systemctl show docker --property=LimitNOFILE': 'LimitNOFILE=4096\n' },
      { 'cat /proc/$(pidof dockerd)/limits': TABLE('1024', '4096') },
      {
        "grep 'Max open files' /proc/$(pidof kubelet)/limits":
          'Max open files            2048                 2048                 files',
      },
      {
        'prlimit -n -p $(pidof containerd)':
          'RESOURCE DESCRIPTION              SOFT HARD UNITS\nNOFILE   max number of open files 1024 4096 files',
      },
      { 'ulimit -n': '1204' },
      { 'ulimit -Hn': '4096' },
      {
        'ulimit -a':
          'core file size          (blocks, -c) 0\nopen files                      (-n) 2048\nmax user processes              (-u) 63412',
      },
    ];
    for (const commandOutputs of low) {
      const bundle = { commandOutputs };
      expect(ids(bundle), Object.keys(commandOutputs)[0]).toContain('fd.limit_low');
      // A hint alone: nothing says the limit was reached.
      expect(diagnose(bundle).verdict, Object.keys(commandOutputs)[0]).toBe('unknown');
    }
  });

  it('beside EMFILE from the runtime, the low limit corroborates descriptor exhaustion', () => {
    const bundle = {
      commandOutputs: { 'systemctl show -p LimitNOFILE containerd': 'LimitNOFILE=1024\n' },
      logs: { node: EMFILE },
    };
    const alone = diagnose({ logs: { node: EMFILE } });
    const both = diagnose(bundle);
    expect(both.verdict).toBe('fd_exhaustion');
    expect(both.causes[0]?.confidence ?? 0).toBeGreaterThan(alone.causes[0]?.confidence ?? 0);
  });

  it("a pasted terminal session: prlimit and a grep of /proc/PID/limits are kept as the commands' output", async () => {
    const { diagnoseText } = await import('../../shared/diagnosis/diagnose-text.ts');
    const text = [
      '$ sudo prlimit -n -p $(pidof containerd)',
      'RESOURCE DESCRIPTION              SOFT HARD UNITS',
      'NOFILE   max number of open files 1024 1024 files',
      EMFILE,
    ].join('\n');
    expect(diagnoseText(text).verdict).toBe('fd_exhaustion');
  });

  it("red herrings: high limits, the default shell, an application's own limits, a bare PID", () => {
    const notLow: Record<string, string>[] = [
      { 'systemctl show -p LimitNOFILE containerd': 'LimitNOFILE=infinity\n' },
      { 'systemctl show -p LimitNOFILE docker': 'LimitNOFILE=1048576\n' },
      { 'systemctl show -p LimitNOFILE kubelet': 'LimitNOFILE=524288\n' },
      { 'cat /proc/$(pidof containerd)/limits': TABLE('524288', '524288') },
      // The default soft limit every login shell prints: its hard limit stands behind it.
      { 'ulimit -n': '1024' },
      { 'ulimit -n': '65536' },
      // Applications' limits: nginx's, a JVM's, a database unit's, and a PID nothing names.
      { 'cat /proc/$(pidof nginx)/limits': TABLE('1024', '4096') },
      {
        'cat /proc/$(pgrep -f java)/limits | grep files':
          'Max open files            1024                 1024                 files',
      },
      { 'systemctl show -p LimitNOFILE postgresql': 'LimitNOFILE=1024\n' },
      { 'cat /proc/4242/limits': TABLE('1024', '4096') },
    ];
    for (const commandOutputs of notLow) {
      expect(ids({ commandOutputs }), JSON.stringify(commandOutputs)).not.toContain('fd.limit_low');
    }
  });

  it("red herring: an application's EMFILE beside its own low limit is not the node's", () => {
    const bundle = {
      commandOutputs: { 'cat /proc/$(pidof envoy)/limits': TABLE('1024', '4096') },
      logs: { envoy: 'socket(2) failed, got error: Too many open files' },
    };
    expect(ids(bundle)).not.toContain('fd.limit_low');
    expect(diagnose(bundle).causes[0]?.confidence ?? 0).toBeLessThan(0.7);
  });
});

describe("prlimit's limit pairs with the same daemon's descriptor count", () => {
  it('a count at the limit prlimit prints is near the limit; one far below it is within', () => {
    const prlimit = {
      'prlimit -n -p $(pidof containerd)':
        'RESOURCE DESCRIPTION              SOFT    HARD UNITS\nNOFILE   max number of open files 65536 65536 files',
    };
    expect(
      ids({ commandOutputs: { ...prlimit, 'ls /proc/$(pidof containerd)/fd | wc -l': '65530' } }),
    ).toContain('fd.near_limit');
    expect(
      ids({ commandOutputs: { ...prlimit, 'ls /proc/$(pidof containerd)/fd | wc -l': '812' } }),
    ).toContain('fd.within_limit');
  });
});
