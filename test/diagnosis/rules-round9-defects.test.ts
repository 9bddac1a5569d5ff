import { describe, expect, it } from 'vitest';
import { DEFECT_BY_ID } from '../../shared/diagnosis/defects.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { bundledBy, distributionOf } from '../../shared/diagnosis/distributions.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { collectVersions, matchDefects } from '../../shared/diagnosis/extract/versions.ts';
import { type Bundle, ids, journal, top } from '../support/node-lines.ts';

// Round 9's class 7 (and round 8's): known defects of the per-container layer keyed to the component that has them
// (runc, the containerd shim, the kubelet's vendored libcontainer), and the runc/containerd a K3s or RKE2 release
// bundles. Version outputs follow the programs' own formats (runc --version, containerd --version, docker info,
// kubectl get nodes -o wide, k3s/rke2 --version); no line is taken from an incident.

const defects = (bundle: Bundle) => matchDefects(bundle, extractFacts(bundle)).map((m) => m.defect.id);
const versionsOf = (bundle: Bundle, component: string) =>
  collectVersions(bundle)
    .filter((v) => v.component === component)
    .map((v) => v.raw);

const NODES_WIDE = (version: string, runtime: string) =>
  [
    'NAME       STATUS   ROLES                       AGE   VERSION          INTERNAL-IP   EXTERNAL-IP   OS-IMAGE             KERNEL-VERSION      CONTAINER-RUNTIME',
    `server-1   Ready    control-plane,etcd,master   41d   ${version}   10.0.4.11     <none>        Ubuntu 20.04.2 LTS   5.4.0-72-generic    ${runtime}`,
  ].join('\n');

const STUCK_CREATING =
  'New pods are stuck in ContainerCreating for hours although the node has room for many more.';

describe('distribution releases name the runc and containerd they bundle', () => {
  it('reads RKE2 and K3s release strings from the Dockerfile-derived and release-note tables', () => {
    expect(distributionOf('v1.20.5+rke2r1')).toBe('rke2');
    expect(distributionOf('v1.21.5+k3s2')).toBe('k3s');
    expect(distributionOf('v1.20.5')).toBeUndefined();
    expect(bundledBy('v1.20.5+rke2r1')).toEqual({ runc: '1.0.0-rc93', containerd: '1.4.4-k3s1' });
    expect(bundledBy('v1.20.7+rke2r1')).toEqual({ runc: '1.0.0-rc95', containerd: '1.4.4-k3s2' });
    expect(bundledBy('v1.21.5+k3s2')).toEqual({ runc: '1.0.2', containerd: '1.4.11-k3s1' });
    // A pre-release tag or a release the table does not list names nothing.
    expect(bundledBy('v1.20.5-rc1+rke2r1')).toBeUndefined();
    expect(bundledBy('v1.20.4+k3s1')).toBeUndefined();
  });

  it('derives runc and containerd from the kubelet version of a node listing, rke2 --version and k3s --version', () => {
    const listing = {
      commandOutputs: {
        'kubectl get nodes -o wide': NODES_WIDE('v1.20.5+rke2r1', 'containerd://1.4.4-k3s1'),
      },
    };
    expect(versionsOf(listing, 'kubelet')).toEqual(['v1.20.5+rke2r1']);
    expect(versionsOf(listing, 'runc')).toEqual(['1.0.0-rc93']);
    // The node's own runtime column wins over the table.
    expect(versionsOf(listing, 'containerd')).toEqual(['1.4.4-k3s1']);
    const rke2 = {
      commandOutputs: {
        'rke2 --version':
          'rke2 version v1.19.9+rke2r1 (b7ebab7fa0a5b6b2b0a3c5d5c0f5f2c1d6a0e9b2)\ngo version go1.15.8b5',
      },
    };
    expect(versionsOf(rke2, 'runc')).toEqual(['1.0.0-rc93']);
    expect(versionsOf(rke2, 'containerd')).toEqual(['1.4.4-k3s1']);
    const k3s = { logs: { other: 'level=info msg="Starting k3s v1.21.5+k3s2 (724ef700)"' } };
    expect(versionsOf(k3s, 'runc')).toEqual(['1.0.2']);
    const agent = { logs: { other: 'level=info msg="Starting k3s agent v1.21.5+k3s2 (724ef700)"' } };
    expect(versionsOf(agent, 'kubelet')).toEqual(['v1.21.5+k3s2']);
    expect(versionsOf(agent, 'containerd')).toEqual(['1.4.11-k3s1']);
    // runc's own output outranks what the release bundled (someone replaced the binary).
    const replaced = {
      kubeletVersion: 'v1.20.5+rke2r1',
      commandOutputs: {
        '/var/lib/rancher/rke2/data/current/bin/runc --version':
          'runc version 1.0.0-rc95\ncommit: b9ee9c63\nspec: 1.0.2-dev',
      },
    };
    expect(versionsOf(replaced, 'runc')).toEqual(['1.0.0-rc95']);
  });

  it('reads runc from docker info and containerd from crictl version', () => {
    const info = {
      commandOutputs: {
        'docker info':
          ' containerd version: 9cd3357b7fd7218e4aec3eae239db1f68a5a6ec6\n runc version: v1.1.4-0-g5fd4c4d\n init version: de40ad0',
        'crictl version':
          'Version:  0.1.0\nRuntimeName:  containerd\nRuntimeVersion:  v1.7.14\nRuntimeApiVersion:  v1',
      },
    };
    expect(versionsOf(info, 'runc')).toEqual(['v1.1.4-0-g5fd4c4d']);
    expect(versionsOf(info, 'containerd')).toEqual(['v1.7.14']);
  });
});

describe("runc 1.0.0-rc93's init hang is the per-container layer's", () => {
  it('an RKE2 release that bundles rc93, with pods stuck creating, names the runc defect and zombie_shim_hang', () => {
    const bundle = {
      commandOutputs: {
        'kubectl get nodes -o wide': NODES_WIDE('v1.20.5+rke2r1', 'containerd://1.4.4-k3s1'),
      },
      logs: { other: STUCK_CREATING },
    };
    expect(defects(bundle)).toContain('runc-rc93-init-hang');
    expect(ids(bundle)).toContain('shim.known_defect');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
    expect(diagnose(bundle).verdict).toBe('zombie_shim_hang');
  });

  it('runc --version printing rc93 with pods stuck terminating is zombie_shim_hang, not the daemon down', () => {
    const bundle = {
      commandOutputs: {
        'runc --version':
          'runc version 1.0.0-rc93\ncommit: 12644e614e25b05da6fd08a38ffa0cfe1903fdec\nspec: 1.0.2-dev',
      },
      logs: {
        other:
          'Pods stay stuck in Terminating and new ones hang in ContainerCreating; docker ps still answers.',
      },
    };
    expect(defects(bundle)).toContain('runc-rc93-init-hang');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it("with the daemon's own calls timing out, the same runc counts for runtime_down", () => {
    const bundle = {
      commandOutputs: { 'runc --version': 'runc version 1.0.0-rc93\ncommit: 12644e61\nspec: 1.0.2-dev' },
      logs: {
        containerd: journal(
          'containerd[912]',
          'time="2026-11-02T13:41:43.118Z" level=error msg="ListContainers with filter nil failed" error="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
        ),
      },
    };
    expect(ids(bundle)).toContain('runtime.op_timeout');
    const found = defects(bundle);
    expect(found).toContain('runc-rc93-init-hang-daemon-blocked');
    expect(found).not.toContain('runc-rc93-init-hang');
  });

  it('the version without a symptom names nothing', () => {
    const bundle = {
      commandOutputs: {
        'kubectl get nodes -o wide': NODES_WIDE('v1.20.5+rke2r1', 'containerd://1.4.4-k3s1'),
      },
    };
    expect(defects(bundle)).toEqual([]);
    expect(ids(bundle)).not.toContain('shim.known_defect');
  });

  it('the symptom on a release that bundles the fixed runc names no defect', () => {
    const bundle = {
      commandOutputs: {
        'kubectl get nodes -o wide': NODES_WIDE('v1.20.7+rke2r1', 'containerd://1.4.4-k3s2'),
      },
      logs: { other: STUCK_CREATING },
    };
    expect(defects(bundle)).toEqual([]);
    expect(ids(bundle)).not.toContain('shim.known_defect');
  });
});

describe("containerd's runc v2 shim dropping exec exits (1.6.29-1.6.30, 1.7.14)", () => {
  const execHang = 'crictl exec hangs on that one container but others work, and crictl ps answers.';
  it('the release with exec calls hanging on one container names the defect', () => {
    const bundle = {
      containerRuntimeVersion: 'containerd://1.7.14',
      logs: { other: execHang },
    };
    const facts = ids(bundle);
    if (!facts.includes('runtime.container_cmd_hang') && !facts.includes('runtime.selective_hang')) {
      throw new Error(`no per-container hang read from the description: ${facts.join(', ')}`);
    }
    expect(defects(bundle)).toContain('containerd-shim-exec-exits-dropped');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('the fixed patch release, or the release with no hang, names nothing', () => {
    expect(defects({ containerRuntimeVersion: 'containerd://1.7.15', logs: { other: execHang } })).toEqual(
      [],
    );
    expect(defects({ containerRuntimeVersion: 'containerd://1.6.31', logs: { other: execHang } })).toEqual(
      [],
    );
    expect(defects({ containerRuntimeVersion: 'containerd://1.6.30' })).toEqual([]);
  });
});

describe("containerd's runc v2 shim deadlocking in create on an init that exits at once (1.6.22-1.6.24, 1.7.3-1.7.7)", () => {
  const stuck = 'Pods stuck in ContainerCreating on this node; docker ps and crictl ps still answer.';
  it('the release with pods stuck creating names the deadlock under zombie_shim_hang', () => {
    const bundle = { containerRuntimeVersion: 'containerd://1.7.6', logs: { other: stuck } };
    expect(defects(bundle)).toContain('containerd-shim-create-early-exit-deadlock');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
  });

  it('the fixed releases, and the line before the change, name nothing', () => {
    for (const version of ['1.7.8', '1.6.25', '1.6.21', '1.7.2'])
      expect(
        defects({ containerRuntimeVersion: `containerd://${version}`, logs: { other: stuck } }),
        version,
      ).toEqual([]);
  });
});

describe("the kubelet's vendored runc 1.0 leaving pod cgroups frozen (cgroup v1, systemd driver)", () => {
  const frozen = {
    'cat /sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/freezer.state': 'FROZEN',
  };
  it('a 1.21.x or 1.22.x kubelet before its runc 1.0.2 bump, with a frozen pod slice, is kubelet_defect', () => {
    for (const version of ['v1.21.3', 'v1.22.1', 'v1.21.4+rke2r1']) {
      const bundle = { kubeletVersion: version, commandOutputs: frozen };
      expect(ids(bundle), version).toContain('cgroup.pods_frozen');
      expect(defects(bundle), version).toContain('kubelet-vendored-runc-1.0-cgroup-freeze');
      expect(top(bundle)?.id, version).toBe('kubelet_defect');
    }
  });

  it('the fixed kubelets, and the affected ones with nothing frozen, name no defect', () => {
    for (const version of ['v1.21.5', 'v1.22.2', 'v1.21.1']) {
      expect(defects({ kubeletVersion: version, commandOutputs: frozen }), version).toEqual([]);
    }
    expect(defects({ kubeletVersion: 'v1.21.3' })).toEqual([]);
  });
});

describe("runc's bind-mounted clone and PID 1 re-reading mounts", () => {
  it('runc 1.1.x with systemd pinned at high CPU names the defect under systemd_dbus_stall', () => {
    const bundle = {
      commandOutputs: {
        'runc --version':
          'runc version 1.1.4\ncommit: v1.1.4-0-g5fd4c4d1\nspec: 1.0.2-dev\ngo: go1.17.10\nlibseccomp: 2.5.4',
        'top -b -n1 | head -12': [
          'top - 13:41:43 up 12 days,  3:02,  1 user,  load average: 9.12, 8.40, 7.95',
          '    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND',
          '      1 root      20   0  255932  14032   9300 R  98.7   0.1   2931:12 systemd',
        ].join('\n'),
      },
    };
    expect(ids(bundle)).toContain('systemd.busy');
    expect(defects(bundle)).toContain('runc-bindfd-mount-churn');
    expect(top(bundle)?.id).toBe('systemd_dbus_stall');
  });

  it('runc 1.1.15 or 1.2, or PID 1 idle, names nothing', () => {
    expect(defects({ commandOutputs: { 'runc --version': 'runc version 1.1.15' } })).toEqual([]);
    expect(DEFECT_BY_ID.get('runc-bindfd-mount-churn')?.affected).toEqual([
      { introduced: '1.0.0-rc7', fixed: '1.1.15' },
    ]);
  });
});

describe('containerd.io 1.2.2-3.3: the early CVE-2019-5736 runc looping in its init', () => {
  it('the package build with runc init stuck names the defect', () => {
    const bundle = {
      commandOutputs: {
        'rpm -qa | grep -E "containerd|docker"':
          'containerd.io-1.2.2-3.3.el7.x86_64\ndocker-ce-18.09.2-3.el7.x86_64',
      },
      logs: { other: 'Every new pod stays stuck in ContainerCreating since the package update.' },
    };
    expect(defects(bundle)).toContain('containerd-io-1.2.2-3.3-runc-memfd-loop');
  });

  it('containerd --version (which cannot tell the package build) names nothing', () => {
    const bundle = {
      commandOutputs: {
        'containerd --version':
          'containerd github.com/containerd/containerd 1.2.2 9754871865f7fe2f4e74d43e2fc7ccd237edcbce',
      },
      logs: { other: 'Every new pod stays stuck in ContainerCreating since the package update.' },
    };
    expect(defects(bundle)).not.toContain('containerd-io-1.2.2-3.3-runc-memfd-loop');
  });
});

describe('red herrings', () => {
  it('a version mentioned in a kubelet line that is not a node row is not read as a listing', () => {
    const line = journal(
      'kubelet[1893]',
      'I1102 13:41:43.111882    1893 server.go:416] "Kubelet version" kubeletVersion="v1.21.3"',
    );
    expect(versionsOf({ logs: { kubelet: line } }, 'runc')).toEqual([]);
  });

  it('a node listing of a plain kubelet derives no runc', () => {
    const bundle = {
      commandOutputs: { 'kubectl get nodes -o wide': NODES_WIDE('v1.20.5', 'containerd://1.4.4') },
    };
    expect(versionsOf(bundle, 'kubelet')).toEqual(['v1.20.5']);
    expect(versionsOf(bundle, 'runc')).toEqual([]);
    expect(diagnose(bundle).verdict).toBe('unknown');
  });
});
