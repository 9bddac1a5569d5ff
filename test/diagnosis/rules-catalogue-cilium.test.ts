import { describe, expect, it } from 'vitest';
import { ids, klog, top } from '../support/node-lines.ts';

/**
 * The cilium-agent and multus messages promoted from the catalogue (rules/catalogue/cilium-agent.*, multus.*;
 * shared/diagnosis/rules/cni.ts): the agent unable to start (its datapath, BPF maps, kernel or toolchain checks, its
 * Kubernetes caches), its IPAM exhausted, the CNI plugin unable to reach it, and multus unable to read the primary
 * network's configuration or the API server. Lines built from the format strings as the programs write them: cilium's
 * logrus text (to 1.17) and slog text (1.18), the hive's start failure carrying the wrapped error (1.15 on), the
 * kubelet relaying the plugin's error; multus' own log lines. Near misses beside.
 */

const agent = (text: string) => ({ logs: { 'cilium-agent': text } });
const multus = (text: string) => ({ logs: { multus: text } });
const logrus = (level: string, msg: string, rest = 'subsys=daemon') =>
  `2026-11-27T10:00:01.123456789Z level=${level} msg="${msg}" ${rest}`;
const slog = (level: string, msg: string, rest: string) =>
  `time=2026-11-27T10:00:01.123Z level=${level} source=/go/src/github.com/cilium/cilium/pkg/x.go:1 msg="${msg}" ${rest}`;
const mlog = (level: string, msg: string) => `2026-11-27T10:00:01Z [${level}] ${msg}`;

describe('cilium-agent unable to start: datapath, BPF maps, requirements, caches (daemon/cmd, pkg/datapath)', () => {
  it('each release line writes it its own way', () => {
    for (const line of [
      logrus(
        'fatal',
        'Error while creating daemon',
        'error="error while opening/creating BPF maps: unable to create map cilium_lxc: operation not permitted" subsys=daemon',
      ),
      logrus(
        'error',
        'Start hook failed',
        'function="cmd.newDaemonPromise.func1 (daemon_main.go:1694)" error="error while initializing daemon: failed while reinitializing datapath: failed to setup base devices: operation not supported" subsys=hive',
      ),
      logrus(
        'fatal',
        'Unable to initialize service maps',
        'error="map cilium_lb4_services_v2: no space left on device"',
      ),
      slog('FATAL', 'failed to compile bpf_sock.c', 'module=agent.datapath.loader error="exit status 1"'),
      logrus(
        'error',
        'BPF template compilation failed',
        'error="Failed to compile bpf_lxc.o: exit status 1" subsys=datapath-loader',
      ),
      logrus(
        'fatal',
        'kernel version: NOT OK: minimal supported kernel version is >= 4.19.57; kernel version that is running is: 4.18.0',
        'subsys=linux-datapath',
      ),
      logrus(
        'fatal',
        "BPF template directory: NOT OK. Please run 'make install-bpf'",
        'error="stat /var/lib/cilium/bpf: no such file or directory"',
      ),
      logrus(
        'fatal',
        'Timed out waiting for pre-existing resources to be received; exiting',
        'subsys=k8s-watcher',
      ),
      logrus(
        'fatal',
        "Unable to find all Cilium CRDs necessary within 5m0s timeout. Please ensure that Cilium Operator is running, as it's responsible for registering all the Cilium CRDs. The following CRDs were not found: [crd:ciliumnodes.cilium.io]",
        'subsys=k8s',
      ),
      logrus('fatal', 'Unable to synchronize CiliumNode custom resource', 'subsys=ipam'),
      logrus('fatal', 'Failed to launch cilium-health', 'error="unable to create health endpoint"'),
    ])
      expect(ids(agent(line)), line).toContain('cni.agent_down');
  });

  it('one line is a lead for the network plugin, not a confident verdict', () => {
    const first = top(agent(logrus('fatal', 'Error while creating daemon', 'error="x"')));
    expect(first?.id).toBe('cni_hang');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('near misses: the checks passing, start-up steps, one endpoint, a warning it carries on from', () => {
    for (const line of [
      logrus('info', 'clang (10.0.0) and kernel (5.15.0) versions: OK!', 'subsys=linux-datapath'),
      logrus('info', 'Daemon initialization completed', 'bootstrapTime=8.1s'),
      logrus(
        'info',
        'Compiled new BPF template',
        'BPFCompilationTime=1.2s file-path=/var/run/cilium/state/templates/x',
      ),
      logrus(
        'warning',
        'Unable to restore existing endpoints',
        'error="open /var/run/cilium/state: no such file"',
      ),
      logrus('warning', 'Regeneration of endpoint failed', 'endpointID=1234 subsys=endpoint'),
    ])
      expect(ids(agent(line)), line).not.toContain('cni.agent_down');
  });
});

describe('cilium IPAM exhausted (pkg/ipam clusterpool.go, crd.go, service/ipallocator)', () => {
  it('the agent and the plugin relaying it', () => {
    for (const bundle of [
      agent(logrus('error', 'all pod CIDR ranges are exhausted', 'subsys=ipam')),
      agent(logrus('warning', 'Unable to allocate IP', 'error="No more IPs available" subsys=ipam')),
      {
        logs: {
          kubelet: klog(
            'E',
            'pod_workers.go:1300',
            '"Error syncing pod, skipping" err="failed to \\"CreatePodSandbox\\" for \\"web-0_default(1)\\" with CreatePodSandboxError: \\"Failed to create sandbox: plugin type=\\\\\\"cilium-cni\\\\\\" failed (add): unable to allocate IP via local cilium agent: [POST /ipam][502] postIpamFailure  range is full\\"" pod="default/web-0"',
          ),
        },
      },
    ])
      expect(ids(bundle)).toContain('cni.ip_exhausted');
  });

  it("near misses: the service IP allocator's range, an address released", () => {
    for (const line of [
      'E1127 10:00:01.000000 1 controller.go:100] failed to allocate a serviceIP: range is full',
      logrus('info', 'Released IP after expiration', 'subsys=ipam'),
    ])
      expect(ids(agent(line)), line).not.toContain('cni.ip_exhausted');
  });
});

describe('the cilium CNI plugin unable to reach the agent (plugins/cilium-cni getConfigFromCiliumAgent)', () => {
  it('v1.12 and v1.15-v1.18 wording', () => {
    for (const text of [
      'unable to retrieve configuration from cilium-agent: Get "http:///var/run/cilium/cilium.sock/v1/config": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory',
      'unable to retrieve configuration from Cilium agent: [GET /config][500] getConfigFailure',
    ])
      expect(ids(agent(text))).toContain('cni.agent_down');
  });

  it('near miss: a configuration file retrieved from elsewhere', () => {
    expect(ids(agent('unable to retrieve configuration from ConfigMap kube-proxy: not found'))).not.toContain(
      'cni.agent_down',
    );
  });
});

describe('multus unable to serve pods (pkg/server, pkg/server/config, pkg/k8sclient, cmd)', () => {
  it("the daemon, its shim and its entrypoint unable to read the primary network's configuration", () => {
    for (const line of [
      mlog(
        'error',
        'CmdAdd (shim): CheckAPIReadyNow: Daemon not reachable over socketfile: Get "http://dummy/healthz": dial unix /run/multus/multus.sock: connect: connection refused',
      ),
      mlog('error', 'failed to find the primary CNI plugin: timed out waiting for the condition'),
      mlog(
        'panic',
        "startMultusDaemon failed to load the multus configuration: failed to load the primary CNI configuration as a multus delegate with error 'no such file'",
      ),
      mlog('error', 'cannot find valid master CNI config in "/host/etc/cni/net.d"'),
    ])
      expect(ids(multus(line)), line).toContain('cni.agent_down');
  });

  it('its API server client', () => {
    for (const line of [
      mlog(
        'error',
        'error getting k8s client: Get "https://10.96.0.1:443/api": dial tcp 10.96.0.1:443: i/o timeout',
      ),
      mlog('error', 'failed to sync pod informer cache'),
      mlog(
        'error',
        'Multus: [default/web-0/1]: error getting default network: GetDefaultNetworks: failed to get clusterNetwork cilium in namespace kube-system',
      ),
    ])
      expect(ids(multus(line)), line).toContain('cni.datastore_error');
  });

  it("near misses: one pod's attachment missing or malformed, the readiness file found, a delegate's own failure", () => {
    for (const line of [
      mlog(
        'error',
        'Multus: [default/web-0/1]: error loading k8s delegates k8s args: TryLoadPodDelegates: error in getting k8s network for pod: GetNetworkDelegates: failed getting the delegate: getKubernetesDelegate: cannot find a network-attachment-definition (macvlan-conf) in namespace (default)',
      ),
      mlog('error', "parsePodNetworkObjectName: Invalid network object (failed at '/')"),
      mlog('verbose', 'Readiness Indicator file check'),
    ]) {
      const found = ids(multus(line));
      expect(found, line).not.toContain('cni.agent_down');
      expect(found, line).not.toContain('cni.datastore_error');
    }
  });
});
