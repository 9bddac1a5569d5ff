import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { journal } from '../support/node-lines.ts';

/**
 * Round 10: a single binary (k3s, rke2) that runs the kubelet, containerd and flannel in one process exits when
 * any of them does. Its fatal line names the component that stopped, and that component is the cause; the kubelet
 * going down with the process is the consequence.
 */
const TS = 'time="2026-11-24T07:12:40.118203911Z"';
const k3s = (message: string) => journal('k3s[2210]', `${TS} ${message}`);
const ids = (d: ReturnType<typeof diagnose>) => d.causes.map((c) => c.id);

describe("a single binary's fatal exit, by the component it names", () => {
  it('the embedded flannel stopping is the network plugin, ranked above the kubelet it took down', () => {
    const d = diagnose({
      logs: {
        kubelet: [
          k3s('level=info msg="Starting flannel with backend vxlan"'),
          k3s(
            'level=fatal msg="flannel exited: failed to configure interface flannel.1: failed to ensure address of interface flannel.1: link has incompatible addresses. Remove additional addresses and try again."',
          ),
          journal('systemd[1]', 'k3s.service: Main process exited, code=exited, status=1/FAILURE'),
        ].join('\n'),
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it("the embedded containerd exiting is the runtime's failure", () => {
    const d = diagnose({ logs: { kubelet: k3s('level=error msg="containerd exited: exit status 2"') } });
    expect(ids(d)).toContain('runtime_down');
    expect(d.causes[0]?.id).toBe('runtime_down');
  });

  it('any other fatal of the agent is still the kubelet it runs going down', () => {
    const d = diagnose({
      logs: {
        kubelet: k3s(
          'level=fatal msg="starting kubernetes: preparing server: init cluster datastore and https: listen tcp :6443: bind: address already in use"',
        ),
      },
    });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(ids(d)).not.toContain('cni_hang');
  });
});
