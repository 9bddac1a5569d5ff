import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { matchDefects } from '../../shared/diagnosis/extract/versions.ts';
import type { FactId } from '../../shared/diagnosis/facts.ts';
import { EVENTED_PLEG_RULES } from '../../shared/diagnosis/rules/evented-pleg.ts';
import { VOLUME_RELABEL_RULES } from '../../shared/diagnosis/rules/volume-relabel.ts';
import { expectLiteralsHeld } from '../support/literals.ts';
import { ids, top } from '../support/node-lines.ts';

/**
 * Round 27 (r27-storage): a volume relabelled for SELinux at each container's start and the metadata server that holds
 * its writes (zombie_shim_hang, never the whole runtime down); the kubelet consuming the node's memory (its own
 * defect, the exec prober's unbounded output before 1.17); the kubelet's EventedPLEG gate with a node never Ready.
 * Lines built from the format strings cited in rules/volume-relabel.ts and rules/evented-pleg.ts (Ceph's OpTracker,
 * containerd's WithMounts, CRI-O's securityLabel, moby's MountPoint.Setup, go-selinux; the kubelet's evented.go and
 * CRI client, grpc-go), and sentences from the words' meanings, not from any incident.
 */

const CID = '4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e';
const VOL = '/var/lib/kubelet/pods/1a2b3c4d/volumes/kubernetes.io~csi/pvc-0c1d/mount';
const LABEL = 'system_u:object_r:container_file_t:s0:c4,c9';
const MDS =
  'Nov 23 10:01:02 storage-1 ceph-mds[3133]: 2026-11-23T10:01:02.123+0000 7f3807ca4700  0 log_channel(cluster) log [WRN] :';
const said = (text: string) => ids({ logs: { other: text } } as never);

interface Example {
  line: string;
  fact: FactId;
}

const RULES = [...VOLUME_RELABEL_RULES, ...EVENTED_PLEG_RULES];

const HITS: readonly Example[] = [
  // Ceph's MDS op tracker: a setxattr of the SELinux label waiting on a lock, and the kernel client's in-flight list.
  {
    line: `${MDS} slow request 32.581 seconds old, received at 2026-11-23T10:00:29.541+0000: client_request(client.4242:1301 setxattr #0x10000000a1f security.selinux 2026-11-23T10:00:29.540+0000 caller_uid=0, caller_gid=0{}) currently failed to xlock, waiting`,
    fact: 'storage.xattr_slow',
  },
  { line: '1301\tmds0\tsetxattr\t #10000000a1f', fact: 'storage.xattr_slow' },
  { line: '[51000.120000] ceph: mds0 hung', fact: 'storage.remote_lost' },
  // The storage cluster's health: the MDS's and the OSDs' slow requests, and the op tracker's summary.
  {
    line: '    mds.cfs01.node-2.qwkfzp(mds.0): 23 slow requests are blocked > 30 secs',
    fact: 'storage.server_slow',
  },
  { line: '[WRN] MDS_SLOW_REQUEST: 1 MDSs report slow requests', fact: 'storage.server_slow' },
  { line: 'MDS_SLOW_METADATA_IO 1 MDSs report slow metadata IOs', fact: 'storage.server_slow' },
  { line: 'HEALTH_WARN 218 slow requests are blocked > 32 sec', fact: 'storage.server_slow' },
  {
    line: '[WRN] SLOW_OPS: 12 slow ops, oldest one blocked for 61 sec, mon.a has slow ops',
    fact: 'storage.server_slow',
  },
  {
    line: `${MDS} 21 slow requests, 5 included below; oldest blocked for > 32.612835 secs`,
    fact: 'storage.server_slow',
  },
  // The runtimes' relabel failing in the create call.
  {
    line: `time="2026-11-23T10:01:02.123456789Z" level=error msg="CreateContainer within sandbox \\"${CID}\\" for &ContainerMetadata{Name:app,Attempt:0,} failed" error="failed to generate container \\"${CID}\\" spec: failed to generate spec: relabel \\"${VOL}\\" with \\"${LABEL}\\" failed: lsetxattr(label=${LABEL}) ${VOL}/data: operation not permitted"`,
    fact: 'runtime.volume_relabel',
  },
  {
    line: `E1123 10:01:02.123456    1893 kuberuntime_manager.go:1256] "Unhandled Error" err="container &Container{Name:app} start failed in pod web-0_default(1a2b): CreateContainerError: relabel failed ${VOL}: lsetxattr ${VOL}/data: operation not permitted"`,
    fact: 'runtime.volume_relabel',
  },
  {
    line: "docker: Error response from daemon: error setting label on mount source '/srv/data': operation not permitted.",
    fact: 'runtime.volume_relabel',
  },
  { line: 'Error: SELinux relabeling of /home is not allowed', fact: 'runtime.volume_relabel' },
  { line: 'Error: relabeling content in /usr is not allowed', fact: 'runtime.volume_relabel' },
  // People's words: the relabel of every file, the metadata server flooded with xattr writes.
  {
    line: 'containerd recursively relabels every file on the volume at each pod start.',
    fact: 'runtime.volume_relabel',
  },
  { line: 'The runtime does a recursive SELinux relabel of the whole PVC.', fact: 'runtime.volume_relabel' },
  {
    line: 'SELinux relabeling of the share takes several minutes per container.',
    fact: 'runtime.volume_relabel',
  },
  { line: 'CRI-O 会递归地给卷里的所有文件重新打标签。', fact: 'runtime.volume_relabel' },
  {
    line: 'After we copied 80k files into the share, every pod that mounts it takes 8 minutes to start.',
    fact: 'storage.volume_walk_slow',
  },
  {
    line: 'It takes minutes per container now; the PVC holds millions of small files.',
    fact: 'storage.volume_walk_slow',
  },
  { line: '卷里有几十万个小文件之后，每个 Pod 启动都要十几分钟。', fact: 'storage.volume_walk_slow' },
  { line: 'The MDS is flooded with thousands of setxattr calls.', fact: 'storage.xattr_slow' },
  { line: 'Extended-attribute writes pile up on the metadata server.', fact: 'storage.xattr_slow' },
  { line: 'MDS 上大量 setxattr 请求，一直阻塞。', fact: 'storage.xattr_slow' },
  // The kernel's OOM killer choosing the kubelet itself.
  {
    line: '[51000.120000] Out of memory: Killed process 1327 (kubelet) total-vm:88604672kB, anon-rss:54738432kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:107000kB oom_score_adj:-999',
    fact: 'kubelet.oom_victim',
  },
  {
    line: '[51000.120000] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/system.slice/kubelet.service,task=kubelet,pid=1327,uid=0',
    fact: 'kubelet.oom_victim',
  },
  // The EventedPLEG gate on: flags, configuration, the kubelet's gate line, and people's words.
  {
    line: 'ExecStart=/usr/bin/kubelet --feature-gates=EventedPLEG=true --container-runtime-endpoint=unix:///run/containerd/containerd.sock',
    fact: 'kubelet.evented_pleg_on',
  },
  { line: '  EventedPLEG: true', fact: 'kubelet.evented_pleg_on' },
  {
    line: 'I1123 10:01:02.123456    1893 server.go:285] "feature gates: &{map[EventedPLEG:true]}"',
    fact: 'kubelet.evented_pleg_on',
  },
  { line: 'With the EventedPLEG gate on, the node never becomes Ready.', fact: 'kubelet.evented_pleg_on' },
  { line: 'The e2e job passes after we disabled EventedPLEG.', fact: 'kubelet.evented_pleg_on' },
  { line: '开启 EventedPLEG 后节点一直不就绪。', fact: 'kubelet.evented_pleg_on' },
  // The runtime without the container-events stream, and the Evented PLEG falling back.
  {
    line: 'E1123 10:01:02.123456    1893 remote_runtime.go:708] "GetContainerEvents failed to get streaming client" err="rpc error: code = Unimplemented desc = unknown method GetContainerEvents for service runtime.v1.RuntimeService"',
    fact: 'pleg.events_unsupported',
  },
  {
    line: 'I1123 10:01:02.123456    1893 evented.go:213] "Evented PLEG: Failed to get container events, retrying: " err="rpc error: code = Unavailable"',
    fact: 'pleg.events_unsupported',
  },
  {
    line: 'I1123 10:01:02.123456    1893 evented.go:200] "Fall back to Generic PLEG relisting since Evented PLEG is not working"',
    fact: 'pleg.events_unsupported',
  },
];

const MISSES: readonly Example[] = [
  // An OSD's slow op, and an MDS's slow lookup: slow storage, not the label's writes.
  {
    line: `${MDS} slow request 30.005 seconds old, received at 2026-11-23T10:00:32.118+0000: osd_op(client.4240.0:8 rbd_data.1 [write 0~4096] 2.5e54f643) currently waiting for subops from [610]`,
    fact: 'storage.xattr_slow',
  },
  {
    line: `${MDS} slow request 30.670 seconds old, received at 2026-11-23T10:00:31.551+0000: client_request(client.22614:538 lookup #0x1/test.log 2026-11-23T10:00:31.551+0000 caller_uid=0, caller_gid=0{0,}) currently failed to rdlock, waiting`,
    fact: 'storage.xattr_slow',
  },
  { line: 'setxattr(2) sets the value of an extended attribute.', fact: 'storage.xattr_slow' },
  { line: '[51000.120000] ceph: mds0 reconnect start', fact: 'storage.remote_lost' },
  { line: 'mds_op_complaint_time = 30 sets when slow requests are reported.', fact: 'storage.server_slow' },
  { line: 'HEALTH_OK: no slow requests.', fact: 'storage.server_slow' },
  // The relabel skipped, metrics relabelled, a question.
  {
    line: `time="2026-11-23T10:01:02.123456789Z" level=debug msg="Skipping relabel for ${VOL} because kubelet did not request it"`,
    fact: 'runtime.volume_relabel',
  },
  { line: 'Use metric_relabel_configs to drop every series of the job.', fact: 'runtime.volume_relabel' },
  { line: 'Does the runtime relabel every file on the volume?', fact: 'runtime.volume_relabel' },
  // Another process killed, or the kubelet only the allocating task.
  {
    line: '[51000.120000] Out of memory: Killed process 4242 (java) total-vm:8860467kB, anon-rss:5473843kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:10700kB oom_score_adj:1000',
    fact: 'kubelet.oom_victim',
  },
  {
    line: '[51000.120000] kubelet invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=-999',
    fact: 'kubelet.oom_victim',
  },
  // Minutes to start for an image's layers, or files without containers.
  {
    line: 'The image has 40k files in its layers, so the pull takes 5 minutes to start.',
    fact: 'storage.volume_walk_slow',
  },
  { line: 'The backup of 60k files takes 10 minutes.', fact: 'storage.volume_walk_slow' },
  // The gate off or merely named.
  { line: 'ExecStart=/usr/bin/kubelet --feature-gates=EventedPLEG=false', fact: 'kubelet.evented_pleg_on' },
  { line: 'EventedPLEG was promoted to beta in 1.27.', fact: 'kubelet.evented_pleg_on' },
  { line: 'Is EventedPLEG why the node is NotReady?', fact: 'kubelet.evented_pleg_on' },
  {
    line: 'I1123 10:01:02.123456    1893 evented.go:190] "Evented PLEG: Generated pod status from the received event" podUID="1a2b"',
    fact: 'pleg.events_unsupported',
  },
  { line: 'containerd 1.7 implements GetContainerEvents for the kubelet.', fact: 'pleg.events_unsupported' },
];

describe('round 27 (r27-storage): rules from the programs and the words', () => {
  it.each(HITS.map((e) => [e.fact, e.line] as const))('%s ← %s', (fact, line) => {
    expect(said(line)).toContain(fact);
    for (const rule of RULES.filter((r) => r.fact === fact)) expectLiteralsHeld(line, rule);
  });
  it.each(MISSES.map((e) => [e.fact, e.line] as const))('not %s ← %s', (fact, line) => {
    expect(said(line)).not.toContain(fact);
  });
});

describe("a volume's relabel held by its metadata server", () => {
  it("the MDS's slow requests beside per-container timeouts lean to the containers held in the storage path", () => {
    const bundle = {
      logs: {
        kubelet: `E1123 10:01:02.123456    1893 remote_runtime.go:343] "CreateContainer in sandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" podSandboxID="${CID}"`,
        other: '[WRN] MDS_SLOW_REQUEST: 1 MDSs report slow requests',
      },
    };
    expect(ids(bundle)).toContain('storage.server_slow');
    expect(diagnose(bundle).causes[0]?.id).toBe('zombie_shim_hang');
  });

  const TIMEOUTS = [
    `E1123 10:01:02.123456    1893 remote_runtime.go:343] "CreateContainer in sandbox from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" podSandboxID="${CID}"`,
    `E1123 10:03:02.123456    1893 remote_runtime.go:625] "ContainerStatus from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" containerID="${CID}"`,
  ].join('\n');

  it('per-container timeouts beside the MDS holding the label writes rank the containers held, not the runtime', () => {
    const bundle = {
      logs: {
        kubelet: TIMEOUTS,
        other: `${MDS} slow request 42.262 seconds old, received at 2026-11-23T10:00:19.457+0000: client_request(client.4473:42790 setxattr #0x10000011d4a security.selinux 2026-11-23T10:00:19.351+0000 caller_uid=0, caller_gid=0{}) currently failed to xlock, waiting`,
      },
    };
    expect(ids(bundle)).toContain('storage.xattr_slow');
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
    expect(diagnose(bundle).causes.find((c) => c.id === 'runtime_down')?.confidence ?? 0).toBeLessThan(0.3);
  });

  it('the relabel in words beside the runtime said unresponsive ranks the containers held', () => {
    const bundle = {
      logs: {
        other: [
          'Pods on the CephFS volume take ten minutes each to start since we copied 60k files into it.',
          'The runtime does a recursive SELinux relabel of the whole volume at every container start.',
          'The MDS is flooded with thousands of setxattr calls and dockerd stops responding now and then.',
        ].join('\n'),
      },
    };
    expect(top(bundle)?.id).toBe('zombie_shim_hang');
    expect(top(bundle)?.confidence ?? 1).toBeLessThan(0.7);
  });
});

describe("the kubelet consuming the node's memory", () => {
  it.each([
    "The kubelet eats all of the node's memory whenever a pod's exec probe prints without end.",
    'kubelet quickly uses up all the RAM on the node.',
    'Our kubelet grew to 52 GB in an hour.',
    'kubelet 吃光了节点的内存，然后节点 NotReady。',
  ])('kubelet.memory_leak and the kubelet first ← %s', (text) => {
    const bundle = { logs: { other: text } };
    expect(ids(bundle)).toContain('kubelet.memory_leak');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it.each([
    'The pods eat all of the node memory and the kubelet is OOM killed.',
    'kubelet evicts pods consuming too much memory.',
    'kubelet kills the containers using up all the memory.',
    'Set --kube-reserved so the kubelet keeps memory for itself.',
    'The kubelet shows the pod consuming memory above its request.',
    'kubelet 占用内存 200M，正常。',
  ])('not kubelet.memory_leak ← %s', (text) => {
    expect(said(text)).not.toContain('kubelet.memory_leak');
  });

  it('the exec prober before 1.17 (kubernetes #82514) counts with the kubelet consuming the memory', () => {
    const bundle = {
      logs: {
        other:
          "kubelet v1.12.3: the kubelet eats all of the node's memory with an exec probe printing forever.",
      },
    };
    const facts = extractFacts(bundle);
    const found = matchDefects(bundle, facts).map((m) => m.defect.id);
    expect(found).toContain('kubelet-exec-probe-output-unbounded');
  });
});

describe('the EventedPLEG gate with a node never Ready', () => {
  it('the gate on and PLEG unhealthy count the gate defect on an affected kubelet', () => {
    const bundle = {
      logs: {
        kubelet: [
          'I1123 10:01:02.123456    1893 server.go:285] "feature gates: &{map[EventedPLEG:true]}"',
          'I1123 10:01:02.123456    1893 server.go:286] "Kubelet version" kubeletVersion="v1.27.3"',
          'E1123 10:01:02.123456    1893 remote_runtime.go:708] "GetContainerEvents failed to get streaming client" err="rpc error: code = Unimplemented desc = unknown method GetContainerEvents for service runtime.v1.RuntimeService"',
        ].join('\n'),
      },
    };
    const facts = extractFacts(bundle);
    expect(facts.ids()).toContain('kubelet.evented_pleg_on');
    expect(facts.ids()).toContain('pleg.events_unsupported');
    expect(top(bundle)?.id).toBe('kubelet_defect');
  });

  it("the gate on against containerd 1.6, which serves no container-events stream, counts that runtime's entry", () => {
    const bundle = {
      logs: {
        kubelet: [
          'I1123 10:01:02.123456    1893 server.go:285] "feature gates: &{map[EventedPLEG:true]}"',
          'E1123 10:01:02.123456    1893 remote_runtime.go:708] "GetContainerEvents failed to get streaming client" err="rpc error: code = Unimplemented desc = unknown method GetContainerEvents for service runtime.v1.RuntimeService"',
        ].join('\n'),
        other: 'containerd github.com/containerd/containerd v1.6.20 2806fc1057397dbaeefbea0e4e17bddfbd388f38',
      },
    };
    const found = matchDefects(bundle, extractFacts(bundle)).map((m) => m.defect.id);
    expect(found).toContain('kubelet-evented-pleg-containerd-without-events');
  });

  it('a run that passes without the gate, where the run with it had no Ready node, is the gate', () => {
    const bundle = {
      logs: {
        other:
          'The kind job with the beta gates never gets a Ready node; the run that disabled EventedPLEG passed.',
      },
    };
    expect(top(bundle)?.id).toBe('kubelet_defect');
    expect(top(bundle)?.confidence ?? 1).toBeLessThan(0.7);
  });
});
