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
