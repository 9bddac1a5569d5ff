import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderDiagnosisText } from '../../shared/chat/text.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', 'paste', name), 'utf8');

const commandsOf = (d: ReturnType<typeof diagnose>) =>
  d.causes[0]?.commands.map((c) => c.command).join('\n') ?? '';

const PLEG =
  'E1123 03:07:38.502290    1893 kubelet.go:2368] "Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m11.2s ago; threshold is 3m0s"';

describe('what a paste says sets the runtime and the node', () => {
  it('the first field report, pasted raw: dockerd named by its journal identifier gets docker commands', () => {
    const d = diagnoseText(fixture('field-report-dockerd-emfile.raw.txt'));
    expect(d.verdict).toBe('fd_exhaustion');
    expect(d.context).toMatchObject({ runtime: 'docker', runtimeFrom: 'paste' });
    expect(commandsOf(d)).toContain('pidof dockerd');
    expect(commandsOf(d)).not.toContain('pidof containerd');
  });

  it('a journal identifier outranks what the lines merely mention', () => {
    const text = [
      'Nov 23 03:07:39 worker-7 containerd[900]: time="2026-11-23T03:07:39Z" level=error msg="accept failed" error="accept unix /run/containerd/containerd.sock: accept4: too many open files"',
      'we also tried docker ps, it hangs',
    ].join('\n');
    expect(diagnoseText(text).context).toMatchObject({ runtime: 'containerd', runtimeFrom: 'paste' });
  });

  it("the runtime a node is configured for: a bootstrap option first, then the kubelet's endpoint", () => {
    const bootstrap = [
      '/etc/eks/bootstrap.sh my-cluster --container-runtime containerd --kubelet-extra-args "--node-labels=x=y"',
      'the node never became Ready',
    ].join('\n');
    expect(diagnoseText(bootstrap).context).toMatchObject({ runtime: 'containerd', runtimeFrom: 'paste' });
    // The bootstrap option is the operator's choice even where the endpoint still names dockershim's path.
    expect(
      diagnoseText(`${bootstrap}\nkubelet --container-runtime-endpoint=unix:///var/run/dockershim.sock`)
        .context.runtime,
    ).toBe('containerd');
    for (const [flag, runtime] of [
      ['--container-runtime-endpoint=unix:///run/containerd/containerd.sock', 'containerd'],
      ['--container-runtime-endpoint unix:///var/run/crio/crio.sock', 'crio'],
      ['--container-runtime-endpoint=unix:///var/run/cri-dockerd.sock', 'docker'],
      ['--container-runtime=docker --network-plugin=cni', 'docker'],
    ] as const)
      expect(diagnoseText(`ExecStart=/usr/bin/kubelet ${flag}\n${PLEG}`).context.runtime, flag).toBe(runtime);
    // The kubelet's `--container-runtime=remote` names no runtime.
    expect(diagnoseText(`kubelet --container-runtime=remote\n${PLEG}`).context.runtimeFrom).toBe('assumed');
  });

  it('cri-o wins over the containerd-like lines of its own conmon', () => {
    const text =
      'Nov 23 03:07:39 worker-7 crio[900]: time="2026-11-23T03:07:39Z" level=info msg="x"\nNov 23 03:07:40 worker-7 conmon[901]: y';
    expect(diagnoseText(text).context.runtime).toBe('crio');
  });

  it('a klog paste naming its node only in node="..." gets that node in its commands', () => {
    const text = [
      PLEG,
      'I1123 03:07:40.000000    1893 kubelet_node_status.go:700] "Recording event message for node" node="ip-10-0-3-17.ec2.internal" event="NodeNotReady"',
      'E1123 03:07:41.000000    1893 remote_runtime.go:407] "ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"',
    ].join('\n');
    const d = diagnoseText(text);
    expect(d.context).toMatchObject({ node: 'ip-10-0-3-17.ec2.internal', nodeFrom: 'paste' });
    expect(d.causes.flatMap((c) => c.commands.map((x) => x.command)).join('\n')).toContain(
      "'ip-10-0-3-17.ec2.internal'",
    );
  });

  it("kubectl's node/NAME names the node; a stated Name: outranks both it and a journal host", () => {
    expect(diagnoseText(`node/worker-9 cordoned\n${PLEG}`).context.node).toBe('worker-9');
    const text = `Nov 23 03:07:39 host-a kubelet[1893]: ${PLEG}\nnode/worker-9 cordoned\n`;
    expect(diagnoseText(text).context.node).toBe('worker-9');
    const stated = `${fixture('describe-node.txt')}\nnode/other-1 cordoned\n`;
    expect(diagnoseText(stated).context.node).not.toBe('other-1');
  });

  it('the header says where the runtime and the node came from, and what was assumed', () => {
    const guessed = renderDiagnosisText(diagnoseText(PLEG));
    expect(guessed).toContain(
      'runtime not known: commands assume containerd (crictl); use --runtime to choose',
    );
    expect(guessed).toContain('node not named: commands use "$NODE"');
    const flagged = renderDiagnosisText(diagnoseText(PLEG, { runtime: 'crio', node: 'worker-2' }));
    expect(flagged).toContain('runtime crio (as given on the command line)');
    expect(flagged).toContain('node worker-2 (as given on the command line)');
    const bundled = diagnose({ node: 'worker-3', containerRuntimeVersion: 'docker://20.10.7' });
    expect(bundled.context).toEqual({
      runtime: 'docker',
      runtimeFrom: 'bundle',
      node: 'worker-3',
      nodeFrom: 'bundle',
    });
  });
});

describe('field reports pasted raw, Chinese prose with no log lines, are read as what they describe', () => {
  it('the systemd scope stall: a scope process at 100 % CPU and docker ps not answering', () => {
    const d = diagnoseText(fixture('field-report-systemd-scope.raw.txt'));
    expect(d.verdict).toBe('systemd_dbus_stall');
    // People's words only: worth an answer, not a confident one.
    expect(d.confidence).toBeLessThan(0.7);
  });

  it('the zombie under containerd-shim: a zombie whose parent is the shim, kill -9 without effect', () => {
    const d = diagnoseText(fixture('field-report-zombie-shim.raw.txt'));
    expect(d.verdict).toBe('zombie_shim_hang');
    expect(d.context.runtime).toBe('docker');
  });
});
