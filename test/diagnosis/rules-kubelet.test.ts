import { describe, expect, it } from 'vitest';
import type { Component } from '../../shared/diagnosis/components.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { extractFacts } from '../../shared/diagnosis/extract/index.ts';
import { type FactId, FactSet } from '../../shared/diagnosis/facts.ts';
import { parseLogLine } from '../../shared/diagnosis/logline.ts';
import { KERNEL_RULES } from '../../shared/diagnosis/rules/kernel.ts';
import { KUBELET_RULES } from '../../shared/diagnosis/rules/kubelet.ts';
import { NPD_PROBLEMS, NPD_RULES } from '../../shared/diagnosis/rules/npd.ts';
import type { Signature } from '../../shared/diagnosis/rules/types.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';
import { EvidenceBundleSchema } from '../../shared/schemas/bundle.ts';
import { expectLiteralsHeld } from '../support/literals.ts';

// Lines are written from the format strings in the programs' source, with the header each program prints:
// journald short format, then klog (`E1123 10:01:02.123456    1187 file.go:123] msg`) or the kernel's text.

const NODE = 'node-7';

function klog(severity: 'I' | 'W' | 'E' | 'F', file: string, message: string): string {
  return `Nov 23 10:01:02 ${NODE} kubelet[1187]: ${severity}1123 10:01:02.123456    1187 ${file}] ${message}`;
}

function kmsg(message: string): string {
  return `[812345.678901] ${message}`;
}

function journal(tag: string, message: string): string {
  return `Nov 23 10:01:02 ${NODE} ${tag}: ${message}`;
}

interface Example {
  line: string;
  fact: FactId;
  /** The component the surrounding log source implies (`logs.kubelet` → kubelet); journald tags override it. */
  origin?: Component;
}

const KUBELET_EXAMPLES: readonly Example[] = [
  // Round 25: k3s/rke2's node password refused, the agent's side (both wordings) and the server's.
  {
    line: journal(
      'k3s-agent[2211]',
      'time="2026-11-23T10:01:02Z" level=error msg="Node password rejected, duplicate hostname or contents of \'/etc/rancher/node/password\' may not match server node-passwd entry, try enabling a unique node name with the --with-node-id flag"',
    ),
    fact: 'agent.node_password_rejected',
  },
  {
    line: journal(
      'k3s[2211]',
      'time="2019-11-23T10:01:02Z" level=error msg="Node password rejected, contents of \'/var/lib/rancher/k3s/agent/node-password.txt\' may not match server passwd entry"',
    ),
    fact: 'agent.node_password_rejected',
  },
  {
    line: journal(
      'k3s[1500]',
      'time="2026-11-23T10:01:02Z" level=error msg="unable to verify hash for node \'worker-3\': hash does not match"',
    ),
    fact: 'agent.node_password_rejected',
  },
  {
    line: journal(
      'k3s[1500]',
      'time="2020-11-23T10:01:02Z" level=error msg="Node password validation failed for \'worker-3\', using passwd file \'/var/lib/rancher/k3s/server/cred/node-passwd\'"',
    ),
    fact: 'agent.node_password_rejected',
  },
  {
    line: journal(
      'rke2[1500]',
      'time="2026-11-23T10:01:02Z" level=error msg="unable to verify local node password: hash does not match"',
    ),
    fact: 'agent.node_password_rejected',
  },
  {
    line: klog(
      'F',
      'server.go:233',
      'failed to run Kubelet: could not init cloud provider "aws": error finding instance i-0abc123: "error listing AWS instances: \\"RequestLimitExceeded: Request limit exceeded.\\""',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="error fetching current node name from cloud provider: EC2MetadataRequestError: failed to get EC2 instance identity document"',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'I',
      'manager.go:171',
      'Termination notice for "web-7fd-x2k_default(1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d)" was dropped because the status channel is full',
    ),
    fact: 'kubelet.status_channel_full',
  },
  // Round 22: the kubelet's status path failing in its own call to the cloud provider (kubelet_node_status.go
  // setNodeAddress to 1.7, the 1.11 timeout, initialNode's instance lookups), and the later releases' warning.
  {
    line: klog(
      'E',
      'kubelet_node_status.go:302',
      'Error updating node status, will retry: failed to get node address from cloud provider: RequestLimitExceeded: Request limit exceeded.',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2913',
      'Error updating node status, will retry: failed to get node address from cloud provider: Post https://10.20.0.5:443/sdk: dial tcp 10.20.0.5:443: i/o timeout',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:374',
      'Error updating node status, will retry: failed to get node address from cloud provider: Timeout after 10s',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:91',
      'Unable to construct v1.Node object for kubelet: failed to get external ID from cloud provider: instance not found',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'W',
      'kubelet_node_status.go:1114',
      'Failed to set some node status fields: failed to get node address from cloud provider: EC2MetadataError: failed to make EC2Metadata request',
    ),
    fact: 'kubelet.cloud_lookup_warned',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:586',
      '"Failed to set some node status fields" err="failed to get node address from cloud provider: instance not found" node="node-7"',
    ),
    fact: 'kubelet.cloud_lookup_warned',
  },
  {
    line: klog(
      'I',
      'cloud_request_manager.go:108',
      'Node addresses from cloud provider for node "node-7" not collected: error querying AWS metadata for "local-ipv4s": EC2MetadataError: failed to make EC2Metadata request',
    ),
    fact: 'kubelet.cloud_lookup_warned',
  },
  // Round 23: the in-tree Azure provider's own address lookup lines inside the kubelet's process, and the kubelet's
  // creation failing in the releases that only log it.
  {
    line: klog(
      'E',
      'azure_instances.go:34',
      'error: az.NodeAddresses, az.getIPForMachine(node-7), err=instance not found',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'azure_backoff.go:86',
      'GetIPForMachineWithRetry(node-7): backoff failure, will retry,err=Retriable: true, RetryAfter: 0s, HTTPStatusCode: 429',
    ),
    fact: 'kubelet.cloud_lookup_warned',
  },
  {
    line: klog(
      'I',
      'azure_instances.go:51',
      '"NodeAddresses abort backoff" nodeName="node-7" error="instance not found"',
    ),
    fact: 'kubelet.cloud_lookup_warned',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:402',
      'Error updating node status, will retry: error getting node "node-7": Get https://10.0.0.1:6443/api/v1/nodes/node-7?timeout=10s: write tcp 10.0.0.5:43210->10.0.0.1:6443: write: broken pipe',
    ),
    fact: 'kubelet.stale_conn',
  },
  {
    line: klog('E', 'server.go:457', 'Failed to create kubelet: API error (500): engine is shutdown'),
    fact: 'kubelet.create_no_retry',
  },
  // Round 22: the API server refusing the kubelet's status patch (PatchNodeStatus's wrapper, the server's answers).
  {
    line: klog(
      'E',
      'kubelet_node_status.go:383',
      'Error updating node status, will retry: failed to patch status "{\\"status\\":{\\"conditions\\":[]}}" for node "node-7": Operation cannot be fulfilled on nodes "node-7": the object has been modified; please apply your changes to the latest version and try again',
    ),
    fact: 'kubelet.status_patch_conflict',
  },
  {
    // The wrapper's head cut off with the patch: the tail names the node's patch and the server's conflict.
    line: journal(
      'kubelet[1187]',
      '\\"sizeBytes\\":746888}]}}" for node "node-7": Operation cannot be fulfilled on nodes "node-7": there is a meaningful conflict (firstResourceVersion: "1002", currentResourceVersion: "998"):',
    ),
    fact: 'kubelet.status_patch_conflict',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:383',
      'Error updating node status, will retry: failed to patch status "{}" for node "node-7": Node "node-7" is invalid: status.addresses[1].address: Invalid value: "": must be a valid IP address',
    ),
    fact: 'kubelet.status_patch_refused',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:383',
      'Error updating node status, will retry: failed to patch status "{}" for node "node-7": Request entity too large: limit is 3145728',
    ),
    fact: 'kubelet.status_patch_refused',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:549',
      '"Error updating node status, will retry" err="failed to patch status \\"{}\\" for node \\"node-7\\": etcdserver: request is too large"',
    ),
    fact: 'kubelet.status_patch_refused',
  },
  // Round 20: the kubelet's client certificate refused in the TLS handshake (Go crypto/tls alerts).
  {
    line: klog(
      'E',
      'controller.go:145',
      '"Failed to update lease" err="Put \\"https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-7?timeout=10s\\": remote error: tls: bad certificate"',
    ),
    fact: 'kubelet.auth_error',
  },
  // Round 20: the API server's certificate not verified on the kubelet's own calls (Go 1.20+'s wrapping).
  {
    line: klog(
      'E',
      'kubelet_node_status.go:94',
      'Unable to register node with API server: Post "https://10.0.0.1:6443/api/v1/nodes": tls: failed to verify certificate: x509: certificate signed by unknown authority',
    ),
    fact: 'kubelet.auth_error',
  },
  // Round 20: the kubelet exiting at start on its runtime's version check, and a distribution's node process.
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
    ),
    fact: 'kubelet.exits_on_runtime',
  },
  {
    line: journal(
      'openshift-node',
      'F1123 10:01:02.198628    3318 node.go:85] ERROR: Unable to check for Docker server version.',
    ),
    fact: 'runtime.unreachable',
  },
  // Round 19: the kubelet's sync loop skipping pods for its own eviction manager (kubelet.go syncLoop, 1.4-1.6).
  {
    line: journal(
      'kubelet[3475]',
      'I0727 21:08:35.638175    3475 kubelet.go:2079] skipping pod synchronization - [failed to start eviction manager unable to find data for container /]',
    ),
    fact: 'kubelet.module_start_failed',
  },
  // Round 18: KubeEdge's edged renewing its Lease through metamanager, under edgecore's identifier.
  {
    line: journal(
      'edgecore[649]',
      'E0714 10:18:21.664493     649 send.go:61] send sync message kube-node-lease/lease/edge-7 failed, error:timeout to get response for message 3f2c, retries: 2',
    ),
    fact: 'kubelet.heartbeat_failed',
  },
  // Round 18: the kubelet's reads of its pods' pull secrets and secret/configMap volumes, ending in the network.
  {
    line: klog(
      'W',
      'kubelet_pods.go:610',
      'Unable to retrieve pull secret shop/registrypullsecret for shop/web-0 due to Get https://10.0.0.1:443/api/v1/namespaces/shop/secrets/registrypullsecret: read tcp 10.0.1.7:38600->10.0.0.1:443: read: connection reset by peer.  The image pull may not succeed.',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'I',
      'kubelet_pods.go:1003',
      '"Unable to retrieve pull secret, the image pull may not succeed." pod="shop/web-0" secret="shop/registrypullsecret" err="Get \\"https://10.0.0.1:443/api/v1/namespaces/shop/secrets/registrypullsecret\\": dial tcp 10.0.0.1:443: i/o timeout"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'E',
      'secret.go:195',
      "Couldn't get secret shop/web-tls: Get https://10.0.0.1:443/api/v1/namespaces/shop/secrets/web-tls: dial tcp 10.0.0.1:443: connect: connection refused",
    ),
    fact: 'kubelet.api_error',
  },
  // pkg/kubelet/kuberuntime/kuberuntime_sandbox.go createPodSandbox and the DNS configurer: the resolver file the
  // kubelet is configured with, missing, by release (1.19's glog wording, 1.28's structured one, the event).
  {
    line: klog(
      'E',
      'kuberuntime_sandbox.go:42',
      'GeneratePodSandboxConfig for pod "nginx-proxy-node-7_kube-system(0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e)" failed: open /run/systemd/resolve/resolv.conf: no such file or directory',
    ),
    fact: 'kubelet.sandbox_config_failed',
  },
  {
    line: klog(
      'E',
      'kuberuntime_sandbox.go:45',
      '"Failed to generate sandbox config for pod" err="open /run/systemd/resolve/resolv.conf: no such file or directory" pod="kube-system/nginx-proxy-node-7"',
    ),
    fact: 'kubelet.sandbox_config_failed',
  },
  {
    line: klog(
      'E',
      'kuberuntime_manager.go:1171',
      '"CreatePodSandbox for pod failed" err="open /run/systemd/resolve/resolv.conf: no such file or directory" pod="kube-system/nginx-proxy-node-7"',
    ),
    fact: 'kubelet.sandbox_config_failed',
  },
  {
    line: klog(
      'E',
      'dns.go:284',
      '"Could not open resolv conf file." err="open /etc/kubernetes/resolv.conf: no such file or directory"',
    ),
    fact: 'kubelet.sandbox_config_failed',
  },
  {
    line: klog('E', 'docker_sandbox.go:101', 'RuntimeHandler "kata" not supported'),
    fact: 'runtime.handler_missing',
  },
  // The kubelet's registration and status refused on a loopback API address (a node-local proxy's).
  {
    line: klog(
      'E',
      'kubelet_node_status.go:92',
      '"Unable to register node with API server" err="Post \\"https://localhost:6443/api/v1/nodes\\": dial tcp 127.0.0.1:6443: connect: connection refused" node="node-7"',
    ),
    fact: 'kubelet.api_via_loopback',
  },
  // pkg/kubelet/pluginmanager/pluginwatcher: fsnotify.NewWatcher's inotify_init1 refused (kubernetes#64614).
  {
    line: klog(
      'E',
      'kubelet.go:1354',
      'failed to start Plugin Watcher. err: failed to start plugin fsWatcher, err: too many open files',
    ),
    fact: 'fd.inotify',
  },
  // cmd/kubelet/app/server.go's start-up refusals, 1.19 and 1.28 wordings.
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to load kubelet config file, path: /var/lib/kubelet/config.yaml, error: failed to load Kubelet config file /var/lib/kubelet/config.yaml, error failed to read kubelet config file \\"/var/lib/kubelet/config.yaml\\", error: open /var/lib/kubelet/config.yaml: no such file or directory"',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: klog(
      'F',
      'server.go:198',
      'failed to load Kubelet config file /etc/kubernetes/kubelet-config.yaml, error yaml: line 4: mapping values are not allowed in this context',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to validate kubelet flags: the container runtime endpoint address was not specified or empty, use --container-runtime-endpoint to set"',
    ),
    fact: 'kubelet.config_error',
  },
  // Round 16: the kubelet's refusal of a cgroup v1 host (validation_linux.go), by itself and as k3s relays it.
  {
    line: klog(
      'E',
      'run.go:72',
      '"command failed" err="failed to validate kubelet configuration, error: kubelet is configured to not run on a host using cgroup v1. cgroup v1 support is unsupported and will be removed in a future release, path: &TypeMeta{Kind:,APIVersion:,}"',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: journal(
      'k3s[1201]',
      'time="2026-11-23T10:01:02Z" level=error msg="Shutdown request received: kubelet exited: kubelet is configured to not run on a host using cgroup v1. cgroup v1 support is in maintenance mode"',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: 'invalid configuration: singleProcessOOMKill must not be explicitly set to false when using cgroup v1',
    fact: 'kubelet.config_error',
    origin: 'kubelet',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to construct kubelet dependencies: unable to load client CA file /etc/kubernetes/pki/ca.crt: open /etc/kubernetes/pki/ca.crt: no such file or directory"',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory"',
    ),
    fact: 'kubelet.config_error',
  },
  // KubeEdge's edgecore refusing to start beside a running kubelet
  {
    line: journal(
      'edgecore[4120]',
      'F1123 10:01:02.123456    4120 server.go:110] failed to check the running environment: kubelet should not running on edge node when running edgecore',
    ),
    fact: 'kubelet.config_error',
    origin: 'unknown',
  },
  // k3s and rke2 log their fatal start errors through logrus, in the journal under their own identifier.
  {
    line: journal(
      'k3s[2211]',
      'time="2026-11-23T10:01:02Z" level=fatal msg="starting kubernetes: preparing server: init cluster datastore and https: listen tcp :6443: bind: address already in use"',
    ),
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: journal(
      'rke2[3310]',
      'FATA[0003] failed to get CA certs: Get "https://127.0.0.1:6444/cacerts": EOF',
    ),
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  // kine's slow SQL, k3s's default datastore over SQLite
  {
    line: journal(
      'k3s[2211]',
      'time="2026-11-23T10:01:02Z" level=info msg="Slow SQL (started: 2026-11-23 10:01:00.101 +0000 UTC m=+812.2) (total time: 1.912s): INSERT INTO kine(name, created, deleted, create_revision, prev_revision, lease, value, old_value) values(?, ?, ?, ?, ?, ?, ?, ?)"',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  // etcd answering that it cannot serve (rpctypes), as the API server logs a failed write.
  {
    line: 'E1123 10:01:02.123456       1 status.go:71] apiserver received an error that is not an metav1.Status: rpctypes.EtcdError{code:0xe, desc:"etcdserver: request timed out"}: etcdserver: request timed out',
    fact: 'etcd.unavailable',
    origin: 'unknown',
  },
  // Round 17: the API server's etcd client failing to dial etcd's client port (grpc-go's address format before and
  // after v1.60), and etcd refusing a loopback client's certificate (capnslog v3.3-v3.4, zap v3.4-v3.5, v3.6).
  {
    line: 'W1123 10:01:02.123456       1 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {https://127.0.0.1:2379  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial tcp 127.0.0.1:2379: connect: connection refused". Reconnecting...',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  {
    line: 'W1123 10:01:02.123456       1 logging.go:59] [core] [Channel #5 SubChannel #6] grpc: addrConn.createTransport failed to connect to {Addr: "127.0.0.1:2379", ServerName: "127.0.0.1", }. Err: connection error: desc = "transport: authentication handshake failed: context deadline exceeded"',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  {
    line: 'F1123 10:01:02.123456       1 instance.go:291] Error creating leases: error creating storage factory: context deadline exceeded',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  {
    line: 'F1123 10:01:02.123456       1 master.go:263] Error creating storage factory: context deadline exceeded',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  {
    line: '2026-11-23 10:01:02.123456 I | embed: rejected connection from "127.0.0.1:48712" (error "remote error: tls: bad certificate", ServerName "")',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  {
    line: '{"level":"warn","ts":"2026-11-23T10:01:02.123Z","caller":"embed/config_logging.go:169","msg":"rejected connection on client endpoint","remote-addr":"127.0.0.1:48712","server-name":"","error":"tls: failed to verify certificate: x509: certificate signed by unknown authority"}',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  // etcd's slow-disk warnings, zap JSON (v3.4+) inside a k3s server's journal and capnslog text (v3.3-v3.4).
  {
    line: journal(
      'k3s[2211]',
      '{"level":"warn","ts":"2026-11-23T10:01:02.123Z","logger":"etcd-client","caller":"wal/wal.go:805","msg":"slow fdatasync","took":"1.872s","expected-duration":"1s"}',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: journal(
      'rke2[3310]',
      '{"level":"warn","ts":"2026-11-23T10:01:02.123Z","caller":"etcdserver/util.go:166","msg":"apply request took too long","took":"412.3ms","expected-duration":"100ms","prefix":"read-only range ","request":"key:\\"/registry/leases/kube-node-lease/node-7\\" ","response":"range_response_count:1 size:541"}',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: journal(
      'etcd[900]',
      '2026-11-23 10:01:02.123456 W | etcdserver: read-only range request "key:\\"/registry/minions/node-7\\" " with result "range_response_count:1 size:3100" took too long (1.204s) to execute',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: journal(
      'etcd[900]',
      '2026-11-23 10:01:02.123456 W | wal: sync duration of 2.3s, expected less than 1s',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: journal(
      'k3s[2211]',
      '{"level":"warn","ts":"2026-11-23T10:01:02.123Z","caller":"etcdserver/raft.go:369","msg":"leader failed to send out heartbeat on time; took too long, leader is overloaded likely from slow disk","to":"8e9e05c52164694d","heartbeat-interval":"500ms","expected-duration":"1s","exceeded-duration":"1.2s"}',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: journal('etcd[900]', '2026-11-23 10:01:02.123456 W | etcdserver: server is likely overloaded'),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: journal(
      'etcd[900]',
      '2026-11-23 10:01:02.123456 W | etcdserver: apply entries took too long [1.2s for 1 entries]',
    ),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  {
    line: 'We got KubeletClientCertificateExpiration for every node the day before they all went NotReady',
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  {
    line: 'KubeletClientCertificateRenewalErrors has been firing for a week',
    fact: 'kubelet.cert_rotation_failed',
    origin: 'unknown',
  },
  {
    line: journal('kubelet[1187]', 'panic: runtime error: invalid memory address or nil pointer dereference'),
    fact: 'kubelet.panic',
  },
  {
    line: klog(
      'E',
      'runtime.go:78',
      'Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)',
    ),
    fact: 'kubelet.panic',
  },
  {
    line: klog('E', 'kubelet.go:2412', '"Error getting node" err="node \\"node-7\\" not found"'),
    fact: 'kubelet.not_registered',
  },
  {
    line: journal(
      'kube-controller-manager[412]',
      "I1123 10:01:02.123456     412 node_lifecycle_controller.go:1089] node node-7 hasn't been updated for 40.2s. Last Ready is: &NodeCondition{Type:Ready,Status:True}",
    ),
    fact: 'node.status_unknown',
  },
  // client-go's reflector on the kubelet's informers: 1.10-1.18, 1.19-1.30, 1.31-1.32 and 1.33's structured form.
  {
    line: klog(
      'E',
      'reflector.go:205',
      'k8s.io/kubernetes/pkg/kubelet/kubelet.go:451: Failed to list *v1.Node: Get https://10.0.0.100:6443/api/v1/nodes?fieldSelector=metadata.name%3Dworker-1&limit=500&resourceVersion=0: dial tcp 10.0.0.100:6443: connect: no route to host',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'E',
      'reflector.go:138',
      'k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.CSIDriver: failed to list *v1.CSIDriver: Get "https://127.0.0.1:6443/apis/storage.k8s.io/v1/csidrivers?limit=500&resourceVersion=0": dial tcp 127.0.0.1:6443: connect: connection refused',
    ),
    fact: 'kubelet.api_via_loopback',
  },
  {
    line: klog(
      'E',
      'reflector.go:158',
      '"Unhandled Error" err="k8s.io/client-go/informers/factory.go:160: Failed to watch *v1.RuntimeClass: failed to list *v1.RuntimeClass: Get \\"https://lb.example.internal:6443/apis/node.k8s.io/v1/runtimeclasses?limit=500&resourceVersion=0\\": net/http: TLS handshake timeout" logger="UnhandledError"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'E',
      'reflector.go:200',
      '"Failed to watch" err="Get \\"https://10.0.0.100:6443/api/v1/services?allowWatchBookmarks=true&watch=true\\": dial tcp 10.0.0.100:6443: connect: connection refused" logger="UnhandledError" reflector="k8s.io/client-go/informers/factory.go:160" type="*v1.Service"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: journal(
      'rke2-agent[920]',
      'time="2026-11-23T10:01:02Z" level=error msg="Failed to connect to proxy. Empty dialer response" error="dial tcp 10.0.0.11:9345: connect: connection refused"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: journal(
      'k3s-agent[920]',
      'time="2026-11-23T10:01:02Z" level=error msg="Remotedialer proxy error" error="dial tcp 10.0.0.11:6443: i/o timeout"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: journal(
      'k3s-agent[920]',
      'time="2026-11-23T10:01:02Z" level=debug msg="Incoming conn 127.0.0.1:40312, error dialing load balancer servers: all servers failed"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: journal(
      'k3s-agent[920]',
      'time="2026-11-23T10:01:02Z" level=error msg="failed to get CA certs: Get \\"https://127.0.0.1:6444/cacerts\\": read tcp 127.0.0.1:51234->127.0.0.1:6444: read: connection reset by peer"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'W',
      'eviction_manager.go:364',
      '"Eviction manager: must evict pod(s) to reclaim" resourceName="memory"',
    ),
    fact: 'mem.oom',
  },
  // helpers.go signalToResource: the inode signals reclaim "inodes".
  {
    line: klog(
      'I',
      'eviction_manager.go:353',
      '"Eviction manager: must evict pod(s) to reclaim" resourceName="inodes"',
    ),
    fact: 'disk.pressure',
  },
  {
    line: klog(
      'E',
      'eviction_manager.go:364',
      '"Eviction manager: eviction thresholds have been met, but no pods are active to evict"',
    ),
    fact: 'resources.no_pods_to_evict',
  },
  {
    line: klog(
      'E',
      'eviction_manager.go:366',
      'eviction manager: eviction thresholds have been met, but no pods are active to evict',
    ),
    fact: 'resources.no_pods_to_evict',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unimplemented desc = unknown service runtime.v1.RuntimeService"',
    ),
    fact: 'runtime.cri_version',
  },
  {
    line: '  Container Runtime Version:  containerd://Unknown',
    fact: 'runtime.down',
  },
  {
    line: journal('systemd[1]', 'kubelet.service: Main process exited, code=killed, status=9/KILL'),
    fact: 'kubelet.killed',
  },
  {
    line: 'Warning  FailedNodeAllocatableEnforcement  2m (x41 over 42m)  kubelet  Failed to update Node Allocatable Limits "": failed to set supported cgroup subsystems for cgroup : failed to set config for supported subsystems : failed to write 3900000000 to memory.limit_in_bytes: write /sys/fs/cgroup/memory/memory.limit_in_bytes: invalid argument',
    fact: 'kubelet.allocatable_on_root',
  },
  {
    line: klog(
      'E',
      'remote_runtime.go:168',
      '"Status from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
    ),
    fact: 'runtime.status_timeout',
  },
  {
    line: klog(
      'E',
      'remote_runtime.go:390',
      '"ListContainers with filter from runtime service failed" err="rpc error: code = ResourceExhausted desc = grpc: trying to send message larger than max (16806283 vs. 16777216)" filter="nil"',
    ),
    fact: 'runtime.list_too_large',
  },
  {
    line: '  Taints:             node.kubernetes.io/unreachable:NoExecute',
    fact: 'node.status_unknown',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2412',
      '"Skipping pod synchronization" err="PLEG is not healthy: pleg was last seen active 3m12.5s ago; threshold is 3m0s"',
    ),
    fact: 'pleg.unhealthy',
  },
  {
    line: klog(
      'I',
      'kubelet.go:1779',
      'skipping pod synchronization - [PLEG is not healthy: pleg has yet to be successful]',
    ),
    fact: 'pleg.unhealthy',
  },
  {
    line: klog(
      'E',
      'generic.go:241',
      '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = Unknown desc = operation timeout: context deadline exceeded"',
    ),
    fact: 'pleg.relist_error',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2412',
      '"Skipping pod synchronization" err="EventedPLEG is not healthy: EventedPLEG: pleg event channel capacity is full with 1000 events"',
    ),
    fact: 'pleg.evented_unhealthy',
  },
  {
    line: klog('E', 'generic.go:300', '"Event channel is full, discard this relist() cycle event"'),
    fact: 'pleg.channel_full',
  },
  {
    line: klog('E', 'evented.go:370', '"Evented PLEG: Event channel is full, discarded pod lifecycle event"'),
    fact: 'pleg.channel_full',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2412',
      '"Skipping pod synchronization" err="[container runtime is down, PLEG is not healthy: pleg was last seen active 4m0s ago; threshold is 3m0s]"',
    ),
    fact: 'runtime.down',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2860',
      '"Container runtime sanity check failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
    ),
    fact: 'runtime.down',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2866',
      '"Container runtime not ready" runtimeReady="RuntimeReady=false reason:ContainerdNotReady message:containerd is not ready"',
    ),
    fact: 'runtime.down',
  },
  {
    line: klog(
      'E',
      'kubelet.go:2412',
      '"Skipping pod synchronization" err="container runtime status check may not have completed yet"',
    ),
    fact: 'runtime.status_pending',
  },
  {
    line: klog(
      'E',
      'remote_runtime.go:294',
      '"ListPodSandbox with filter from runtime service failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded" filter="nil"',
    ),
    fact: 'runtime.list_timeout',
  },
  {
    line: klog(
      'E',
      'kuberuntime_sandbox.go:297',
      '"Failed to list pod sandboxes" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
    ),
    fact: 'runtime.list_timeout',
  },
  {
    line: klog(
      'E',
      'remote_runtime.go:390',
      '"ListContainers with filter from runtime service failed" err="rpc error: code = Unavailable desc = error reading from server: EOF" filter="&ContainerFilter{}"',
    ),
    fact: 'runtime.unreachable',
  },
  {
    line: klog(
      'E',
      'generic.go:241',
      '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = ResourceExhausted desc = grpc: received message larger than max (16779332 vs. 16777216)"',
    ),
    fact: 'runtime.list_too_large',
  },
  {
    line: klog(
      'E',
      'remote_runtime.go:222',
      '"Status from runtime service failed" err="rpc error: code = Unavailable desc = connection error: desc = \\"transport: Error while dialing: dial unix /run/containerd/containerd.sock: connect: connection refused\\""',
    ),
    fact: 'runtime.unreachable',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1347',
      '"Container garbage collection failed" err="rpc error: code = DeadlineExceeded desc = context deadline exceeded"',
    ),
    fact: 'containers.gc_failed',
  },
  // Round 28 (r28-runtime): the image garbage collection's removal, in the structured and the older text forms.
  {
    line: klog(
      'I',
      'image_gc_manager.go:391',
      '"Removing image to free space" imageID="sha256:e6f1816883972d4be47bd48879a08919b96afcd344132622e4d444987919323c" size=311286 runtimeHandler=""',
    ),
    fact: 'kubelet.image_gc_removed',
  },
  {
    line: klog(
      'I',
      'image_gc_manager.go:305',
      '[imageGCManager]: Removing image "sha256:da86e6ba6ca197bf6bc5e9d900febd906b133eaa4750e6bed647b0fbe50ed43e" to free 742472 bytes',
    ),
    fact: 'kubelet.image_gc_removed',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1355',
      '"Image garbage collection failed multiple times in a row" err="failed to garbage collect required amount of images. Attempted to free 4294967296 bytes, but only found 0 bytes eligible to free."',
    ),
    fact: 'disk.image_gc_failed',
  },
  {
    line: klog(
      'I',
      'eviction_manager.go:349',
      '"Eviction manager: attempting to reclaim" resourceName="memory"',
    ),
    fact: 'mem.oom',
  },
  {
    line: klog('W', 'eviction_manager.go:332', 'eviction manager: attempting to reclaim nodefs'),
    fact: 'disk.pressure',
  },
  {
    line: klog(
      'I',
      'eviction_manager.go:349',
      '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"',
    ),
    fact: 'disk.pressure',
  },
  {
    line: klog(
      'I',
      'eviction_manager.go:349',
      '"Eviction manager: attempting to reclaim" resourceName="pid"',
    ),
    fact: 'pid.pressure',
  },
  { line: 'kubelet has insufficient memory available', fact: 'mem.oom' },
  {
    line: 'The node was low on resource: memory. Threshold quantity: 100Mi, available: 42Mi.',
    fact: 'mem.oom',
  },
  { line: 'kubelet has disk pressure', fact: 'disk.pressure' },
  { line: 'kubelet has insufficient PID available', fact: 'pid.pressure' },
  // The eviction manager's admission and eviction messages, whole (pkg/kubelet/eviction).
  { line: 'Warning  Evicted  12s  kubelet  The node had condition: [DiskPressure]. ', fact: 'disk.pressure' },
  {
    line: 'Message:          Pod was rejected: The node had condition: [MemoryPressure DiskPressure]. ',
    fact: 'mem.oom',
  },
  {
    line: 'Message:          Pod was rejected: The node had condition: [MemoryPressure DiskPressure]. ',
    fact: 'disk.pressure',
  },
  { line: 'Message:  Pod The node had condition: [PIDPressure]. ', fact: 'pid.pressure' },
  {
    line: klog(
      'W',
      'eviction_manager.go:173',
      'Failed to admit pod web-5d9c7b6f4-xk2p9_default(0e1f2a3b-4c5d-6e7f-8091-a2b3c4d5e6f7) - node has conditions: [DiskPressure]',
    ),
    fact: 'disk.pressure',
  },
  {
    line: klog(
      'I',
      'eviction_manager.go:170',
      '"Failed to admit pod to node" pod="default/web-5d9c7b6f4-xk2p9" nodeCondition=[MemoryPressure]',
    ),
    fact: 'mem.oom',
  },
  { line: 'Message:  The node was low on resource: [DiskPressure].', fact: 'disk.pressure' },
  {
    line: 'The node was low on resource: inodes. Threshold quantity: 5%, available: 1203.',
    fact: 'disk.pressure',
  },
  {
    line: 'The node was low on resource: pids. Threshold quantity: 1000, available: 212. ',
    fact: 'pid.pressure',
  },
  {
    line: 'Container app was using 3892104Ki, request is 1Gi, has larger consumption of memory. ',
    fact: 'mem.oom',
  },
  {
    line: 'Container hello-pod was using 20977608Ki, request is 0, has larger consumption of ephemeral-storage. ',
    fact: 'disk.pressure',
  },
  {
    line: 'Warning  Evicted  3m  kubelet  Container app exceeded its local ephemeral storage limit "2Gi". ',
    fact: 'disk.pod_limit',
  },
  {
    line: 'Pod ephemeral local storage usage exceeds the total limit of containers 4Gi. ',
    fact: 'disk.pod_limit',
  },
  { line: 'Usage of EmptyDir volume "cache" exceeds the limit "1Gi". ', fact: 'disk.pod_limit' },
  // The pressure taints as the scheduler and `kubectl describe node` relay them.
  {
    line: 'Warning  FailedScheduling  default-scheduler  0/3 nodes are available: 1 node(s) had untolerated taint {node.kubernetes.io/disk-pressure: }, 2 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }.',
    fact: 'disk.pressure',
  },
  {
    line: "0/2 nodes are available: 2 node(s) had taint {node.kubernetes.io/memory-pressure: }, that the pod didn't tolerate.",
    fact: 'mem.oom',
  },
  { line: 'Taints:             node.kubernetes.io/pid-pressure:NoSchedule', fact: 'pid.pressure' },
  {
    line: 'Normal  NodeHasDiskPressure  4m  kubelet  Node node-7 status is now: NodeHasDiskPressure',
    fact: 'disk.pressure',
  },
  {
    line: 'Normal  NodeHasInsufficientMemory  4m  kubelet  Node node-7 status is now: NodeHasInsufficientMemory',
    fact: 'mem.oom',
  },
  {
    line: 'Normal  NodeHasInsufficientPID  4m  kubelet  Node node-7 status is now: NodeHasInsufficientPID',
    fact: 'pid.pressure',
  },
  { line: 'System OOM encountered, victim process: java, pid: 23145', fact: 'mem.oom' },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:540',
      '"Error updating node status, will retry" err="error getting node \\"node-7\\": Get \\"https://10.0.0.1:6443/api/v1/nodes/node-7?timeout=10s\\": dial tcp 10.0.0.1:6443: i/o timeout"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'E',
      'controller.go:145',
      '"Failed to ensure lease exists, will retry" err="Get \\"https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-7?timeout=10s\\": context deadline exceeded" interval="7s"',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:527',
      '"Unable to update node status" err="update node status exceeds retry count"',
    ),
    fact: 'kubelet.heartbeat_failed',
  },
  {
    line: klog(
      'E',
      'controller.go:114',
      '"Failed to update lease" err="Operation cannot be fulfilled on leases.coordination.k8s.io \\"node-7\\": the object has been modified; please apply your changes to the latest version and try again"',
    ),
    fact: 'kubelet.heartbeat_failed',
  },
  { line: 'Kubelet stopped posting node status.', fact: 'node.status_unknown', origin: 'unknown' },
  { line: 'Kubelet never posted node status.', fact: 'node.status_unknown', origin: 'unknown' },
  // Round 26: the controller's reason alone, as a condition's row or a node's YAML shows it.
  { line: '    reason: NodeStatusUnknown', fact: 'node.status_unknown', origin: 'unknown' },
  {
    line: journal(
      'kube-controller-manager[5213]',
      'I1123 10:01:02.706580    5213 node_lifecycle_controller.go:890] "Node is unresponsive. Adding it to the Taint queue" node="node-7" timeStamp="2026-11-23 10:01:02.706574115 +0000 UTC m=+9961.472114546"',
    ),
    fact: 'node.status_unknown',
  },
  {
    line: journal(
      'kube-controller-manager[5213]',
      'I1123 10:01:02.901414       1 node_lifecycle_controller.go:1230] Controller detected that all Nodes are not-Ready. Entering master disruption mode.',
    ),
    fact: 'nodes.all_not_ready',
  },
  {
    line: klog(
      'E',
      'reflector.go:138',
      'k8s.io/client-go/informers/factory.go:134: Failed to watch *v1.Node: failed to list *v1.Node: Get "https://10.0.0.1:6443/api/v1/nodes?limit=500": x509: certificate has expired or is not yet valid: current time 2026-11-23T10:01:02Z is after 2026-11-20T08:00:00Z',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'F',
      'server.go:495',
      'open /proc/sys/net/netfilter/nf_conntrack_max: no such file or directory',
    ),
    fact: 'kernel.sysctl_missing',
  },
  {
    line: '\t[ERROR FileContent--proc-sys-net-bridge-bridge-nf-call-iptables]: /proc/sys/net/bridge/bridge-nf-call-iptables does not exist',
    fact: 'kernel.sysctl_missing',
  },
  {
    line: 'The kubelet service terminated with service-specific error Incorrect function..',
    fact: 'kubelet.dead',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1907',
      '"Unable to attach or mount volumes for pod; skipping pod" err="unmounted volumes=[k8s-certs], unattached volumes=[]: timed out waiting for the condition" pod="kube-system/kube-apiserver-node-7"',
    ),
    fact: 'kubelet.volumes_not_mounted',
  },
  {
    line: klog(
      'E',
      'reflector.go:138',
      'k8s.io/kubernetes/pkg/kubelet/kubelet.go:451: Failed to watch *v1.Node: failed to list *v1.Node: Unauthorized',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'W',
      'reflector.go:535',
      'k8s.io/client-go/informers/factory.go:159: failed to list *v1.Service: Unauthorized',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'reflector.go:178',
      'k8s.io/kubernetes/pkg/kubelet/config/apiserver.go:47: Failed to list *v1.Pod: the server has asked for the client to provide credentials (get pods)',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:540',
      '"Error updating node status, will retry" err="error getting node \\"node-7\\": the server has asked for the client to provide credentials (get nodes node-7)"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:96',
      '"Unable to register node with API server" err="Post \\"https://10.0.0.1:6443/api/v1/nodes\\": tls: failed to verify certificate: x509: certificate signed by unknown authority" node="node-7"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'transport.go:124',
      '"The currently active client certificate has expired and the server is responsive, exiting."',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    // A 1.12 kubelet's fatal pasted without its journal prefix: only the kubelet's transport writes it.
    line: 'F1123 10:01:02.123456    1187 transport.go:108] The currently active client certificate has expired and the server is responsive, exiting.',
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  {
    line: klog(
      'I',
      'certificate_manager.go:370',
      'kubernetes.io/kube-apiserver-client-kubelet: Current certificate is expired',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'server.go:302',
      '"command failed" err="failed to run Kubelet: cannot create certificate signing request: Unauthorized"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'certificate_manager.go:562',
      'kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: certificatesigningrequests.certificates.k8s.io is forbidden: User "system:anonymous" cannot create resource "certificatesigningrequests" in API group "certificates.k8s.io" at the cluster scope',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'certificate_manager.go:378',
      'Certificate request was not signed: timed out waiting for the condition',
    ),
    fact: 'kubelet.cert_rotation_failed',
  },
  {
    line: klog(
      'E',
      'certificate_manager.go:374',
      'Unable to check certificate signing status: the server could not find the requested resource',
    ),
    fact: 'kubelet.cert_rotation_failed',
  },
  {
    line: klog(
      'E',
      'certificate_manager.go:579',
      '"Unhandled Error" err="kubernetes.io/kube-apiserver-client-kubelet: certificate request was not signed: certificate signing request is denied, reason: AutoDenied, message: the node name in the request does not match" logger="UnhandledError"',
    ),
    fact: 'kubelet.cert_rotation_failed',
  },
  {
    line: klog(
      'F',
      'server.go:156',
      'failed to run Kubelet: certificate signing request is not approved, reason: NotAllowed, message: not a node bootstrapper',
    ),
    fact: 'kubelet.cert_rotation_failed',
  },
  {
    // The kubelet's 403 naming its own node user, pasted without its journal prefix.
    line: 'E1123 10:01:02.123456    1187 kubelet_node_status.go:92] Unable to register node "node-7" with API server: nodes is forbidden: User "system:node:node-7" cannot create resource "nodes" in API group "" at the cluster scope',
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  {
    line: journal(
      'aws-iam-authenticator[7]',
      'time="2026-11-23T10:01:02Z" level=warning msg="access denied" arn="arn:aws:iam::111122223333:role/eksctl-prod-nodegroup-ng-1-NodeInstanceRole-1A2B3C" client="127.0.0.1:43510" error="identity is not mapped" method=POST path=/authenticate',
    ),
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  {
    line: 'time="2019-03-02T10:01:02Z" level=warning msg="access denied" client="127.0.0.1:43510" error="ARN is not mapped: arn:aws:iam::111122223333:role/eks-worker-role" method=POST path=/authenticate',
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  {
    line: klog(
      'E',
      'bootstrap.go:266',
      '"Unhandled Error" err="part of the existing bootstrap client certificate in /etc/kubernetes/kubelet.conf is expired: 2026-05-17 12:05:13 +0000 UTC" logger="UnhandledError"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'bootstrap.go:205',
      'Part of the existing bootstrap client certificate is expired: 2020-02-23 15:48:00 +0000 UTC',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: journal(
      'kube-apiserver[912]',
      'E1123 10:01:02.123456     912 authentication.go:73] "Unable to authenticate the request" err="[x509: certificate has expired or is not yet valid: current time 2026-11-23T10:01:02Z is after 2026-11-20T08:00:00Z, verifying certificate SN=1234, SKID=, AKID=AB:CD failed: x509: certificate has expired or is not yet valid: current time 2026-11-23T10:01:02Z is after 2026-11-20T08:00:00Z]"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'I',
      'oom_watcher_linux.go:83',
      '"Got sys oom event" event="&{Pid:31337 ProcessName:java TimeOfDeath:2026-11-23 10:01:01 +0000 UTC ContainerName:/kubepods.slice/kubepods-burstable.slice VictimContainerName:/ Constraint:CONSTRAINT_NONE}"',
    ),
    fact: 'mem.oom',
  },
  {
    line: klog(
      'I',
      'oom_watcher_linux.go:65',
      'Got sys oom event: &{31337 java 2019-11-23 10:01:01 +0000 UTC / / }',
    ),
    fact: 'mem.oom',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:96',
      '"Unable to register node with API server" err="Unauthorized" node="node-7"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'controller.go:144',
      'failed to ensure node lease exists, will retry in 7s, error: Unauthorized',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'reflector.go:138',
      'pkg/kubelet/kubelet.go:451: Failed to watch *v1.Pod: pods is forbidden: User "system:node:node-7" cannot list resource "pods" in API group "" at the cluster scope',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:96',
      '"Unable to register node with API server" err="nodes is forbidden: User \\"system:anonymous\\" cannot create resource \\"nodes\\" in API group \\"\\" at the cluster scope" node="node-7"',
    ),
    fact: 'kubelet.auth_error',
  },
  {
    line: klog(
      'E',
      'controller.go:145',
      '"Failed to ensure lease exists, will retry" err="leases.coordination.k8s.io \\"node-7\\" is forbidden: User \\"system:node:node-7-old\\" cannot get resource \\"leases\\" in API group \\"coordination.k8s.io\\" in the namespace \\"kube-node-lease\\": can only access node lease with the same name as the requesting node" interval="7s"',
    ),
    fact: 'kubelet.node_identity',
  },
  {
    // k3s runs the kubelet inside its own binary: the API server's refusal is the same text under another tag.
    line: journal(
      'k3s[3814]',
      'E1123 10:01:02.123456    3814 controller.go:145] "Failed to ensure lease exists, will retry" err="leases.coordination.k8s.io \\"node-7\\" is forbidden: User \\"system:node:node-7-old\\" cannot get resource \\"leases\\" in API group \\"coordination.k8s.io\\" in the namespace \\"kube-node-lease\\": can only access node lease with the same name as the requesting node"',
    ),
    fact: 'kubelet.node_identity',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:540',
      '"Error updating node status, will retry" err="nodes \\"node-7\\" is forbidden: node \\"node-7-old\\" is not allowed to modify node \\"node-7\\""',
    ),
    fact: 'kubelet.node_identity',
  },
  {
    line: klog(
      'E',
      'reflector.go:138',
      'object-"kube-system"/"kube-proxy": Failed to watch *v1.ConfigMap: configmaps "kube-proxy" is forbidden: User "system:node:node-7" cannot list resource "configmaps" in API group "" in the namespace "kube-system": no relationship found between node \'node-7\' and this object',
    ),
    fact: 'kubelet.node_identity',
  },
  {
    line: klog(
      'E',
      'certificate_manager.go:562',
      'kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: Post "https://10.0.0.1:6443/apis/certificates.k8s.io/v1/certificatesigningrequests": dial tcp 10.0.0.1:6443: connect: connection refused',
    ),
    fact: 'kubelet.cert_rotation_failed',
  },
  {
    line: klog(
      'I',
      'transport.go:147',
      '"Certificate rotation detected, shutting down client connections to start using new credentials"',
    ),
    fact: 'kubelet.cert_rotated',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:540',
      '"Error updating node status, will retry" err="error getting node \\"node-7\\": Get \\"https://10.0.0.1:6443/api/v1/nodes/node-7?timeout=10s\\": write tcp 10.0.0.7:53614->10.0.0.1:6443: use of closed network connection"',
    ),
    fact: 'kubelet.stale_conn',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:540',
      '"Error updating node status, will retry" err="error getting node \\"node-7\\": Get \\"https://10.0.0.1:6443/api/v1/nodes/node-7?timeout=10s\\": http2: client connection lost"',
    ),
    fact: 'kubelet.api_conn_lost',
  },
  {
    // x/net's ClientConn.Close with a request in flight.
    line: klog(
      'E',
      'controller.go:187',
      'failed to update lease, error: Put "https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-7?timeout=10s": http2: client connection force closed via ClientConn.Close',
    ),
    fact: 'kubelet.api_conn_lost',
  },
  {
    // The kernel aborting the connection after tcp_retries2 (ETIMEDOUT on the read).
    line: klog(
      'E',
      'kubelet_node_status.go:390',
      'Error updating node status, will retry: error getting node "node-7": Get https://10.0.0.1:6443/api/v1/nodes/node-7: read tcp 10.0.0.7:55790->10.0.0.1:6443: read: connection timed out',
    ),
    fact: 'kubelet.api_conn_lost',
  },
  {
    line: klog(
      'W',
      'reflector.go:302',
      'object-"kube-system"/"kube-proxy": watch of *v1.ConfigMap ended with: very short watch: unable to decode an event from the watch stream: read tcp 10.0.0.7:41822->10.0.0.1:6443: read: no route to host',
    ),
    fact: 'kubelet.api_conn_lost',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:390',
      'Error updating node status, will retry: error getting node "node-7": Get https://api.internal:443/api/v1/nodes/node-7?timeout=10s: net/http: request canceled while waiting for connection',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog(
      'E',
      'controller.go:193',
      '"Failed to update lease" err="Put \\"https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-7?timeout=10s\\": net/http: request canceled (Client.Timeout exceeded while awaiting headers)"',
    ),
    fact: 'kubelet.api_timeout',
  },
  {
    // The node lifecycle controller, in kube-controller-manager's journal.
    line: journal(
      'kube-controller-manager[2231]',
      "I1123 10:01:02.123456    2231 node_lifecycle_controller.go:1097] node node-7 hasn't been updated for 40.010894415s. Last Ready is: &NodeCondition{Type:Ready,Status:True,Reason:KubeletReady,Message:kubelet is posting ready status,}",
    ),
    fact: 'node.status_unknown',
  },
  {
    line: journal(
      'kube-controller-manager[2231]',
      'I1123 10:01:02.123456    2231 node_lifecycle_controller.go:1205] "Node hasn\'t been updated" node="node-7" duration="50.01s" nodeConditionType="Ready" currentCondition="&NodeCondition{Type:Ready,Status:True}"',
    ),
    fact: 'node.status_unknown',
  },
  {
    line: journal(
      'kube-controller-manager[2231]',
      'I1123 10:01:02.123456    2231 controller_utils.go:124] Recording status change NodeNotReady event message for node node-7',
    ),
    fact: 'node.controller_not_ready',
  },
  {
    line: journal(
      'kube-controller-manager[2231]',
      'I1123 10:01:02.123456    2231 controller_utils.go:121] "Recording status change event message for node" status="NodeNotReady" node="node-7"',
    ),
    fact: 'node.controller_not_ready',
  },
  {
    line: journal(
      'kube-controller-manager[2231]',
      'W1123 10:01:02.123456    2231 reflector.go:441] k8s.io/client-go/informers/factory.go:134: watch of *v1.Lease ended with: an error on the server ("unable to decode an event from the watch stream: http2: client connection lost") has prevented the request from succeeding',
    ),
    fact: 'controlplane.watch_lost',
  },
  {
    line: klog(
      'W',
      'reflector.go:424',
      'k8s.io/client-go/informers/factory.go:134: watch of *v1.Service ended with: very short watch: k8s.io/client-go/informers/factory.go:134: Unexpected watch close - watch lasted less than a second and no items received',
    ),
    fact: 'kubelet.stale_conn',
  },
  { line: 'net/http.(*persistConn).roundTrip(0xc000a4e000, 0xc001f2a300)', fact: 'kubelet.http_blocked' },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false. /proc/swaps contained: [Filename Type Size Used Priority /swapfile file 2097148 0 -2]"',
    ),
    fact: 'kubelet.dead',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: running with swap on is not supported, please disable swap! or set --fail-swap-on flag to false."',
    ),
    fact: 'kubelet.swap',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1480',
      '"Failed to start ContainerManager" err="failed to initialize top level QOS containers: root container [kubepods] doesn\'t exist"',
    ),
    fact: 'kubelet.dead',
  },
  {
    line: journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: misconfiguration: kubelet cgroup driver: \\"systemd\\" is different from docker cgroup driver: \\"cgroupfs\\""',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: klog(
      'E',
      'container_manager_linux.go:329',
      '"Failed to initialize cpu manager" err="could not restore state from checkpoint: configured policy \\"static\\" differs from state checkpoint policy \\"none\\", please drain this node and delete the CPU manager checkpoint file \\"/var/lib/kubelet/cpu_manager_state\\" before restarting Kubelet"',
    ),
    fact: 'kubelet.manager_state',
  },
  // Round 28 (r28-runtime): the pod allocation (1.27-1.32) and pod resource information (1.33+) checkpoints, the
  // allocation manager's own line, and the 1.1x klog advice on a line of its own.
  {
    line: klog(
      'E',
      'allocation_manager.go:86',
      '"Failed to initialize allocation checkpoint manager" err="could not restore state from checkpoint: checkpoint is corrupted, please drain this node and delete pod resource information checkpoint file \\"/var/lib/kubelet/allocated_pods_state\\" before restarting Kubelet"',
    ),
    fact: 'kubelet.manager_state',
  },
  {
    line: 'panic: could not restore state from checkpoint: checkpoint is corrupted, please drain this node and delete pod allocation checkpoint file "/var/lib/kubelet/pod_status_manager_state" before restarting Kubelet',
    fact: 'kubelet.manager_state',
  },
  {
    line: 'Please drain this node and delete the memory manager checkpoint file "/var/lib/kubelet/memory_manager_state" before restarting Kubelet.',
    fact: 'kubelet.manager_state',
  },
  {
    line: klog(
      'E',
      'cpu_manager.go:223',
      '"Policy start error" err="current set of available CPUs \\"0-7\\" doesn\'t match with CPUs in state \\"0-3\\""',
    ),
    fact: 'kubelet.manager_state',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1606',
      '"Failed to start ContainerManager" err="start memory manager error: [memorymanager] the expected machine state is different from the real one"',
    ),
    fact: 'kubelet.manager_state',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1431',
      '"Failed to start cAdvisor" err="inotify_add_watch /sys/fs/cgroup/cpuacct,cpu: no such file or directory"',
    ),
    fact: 'kubelet.cadvisor_cgroup_path',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1316',
      'Failed to start cAdvisor inotify_add_watch /sys/fs/cgroup/cpuacct,cpu: no such file or directory',
    ),
    fact: 'kubelet.cadvisor_cgroup_path',
  },
  // pkg/kubelet/cm at start-up: qos_container_manager_linux.go Start, cgroup_manager_linux.go
  // setSupportedSubsystems, container_manager_linux.go NewContainerManager (1.19 klog and 1.22+ structured forms).
  {
    line: klog(
      'E',
      'kubelet.go:1559',
      '"Failed to start ContainerManager" err="failed to initialize top level QOS containers: root container [kubepods] doesn\'t exist"',
    ),
    fact: 'kubelet.qos_root_missing',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1380',
      "Failed to start ContainerManager failed to initialize top level QOS containers: root container [kubelet kubepods] doesn't exist",
    ),
    fact: 'kubelet.qos_root_missing',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1380',
      'Failed to start ContainerManager failed to initialize top level QOS containers: failed to update top level Burstable QOS cgroup : failed to set supported cgroup subsystems for cgroup [kubepods burstable]: failed to find subsystem mount for required subsystem: pids',
    ),
    fact: 'kubelet.cgroup_controller_missing',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1431',
      '"Failed to start ContainerManager" err="system validation failed - Following Cgroup subsystem not mounted: [memory]"',
    ),
    fact: 'kubelet.cgroup_controller_missing',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: invalid configuration: cgroup-root [\\"kubelet\\"] doesn\'t exist"',
    ),
    fact: 'kubelet.config_error',
  },
  // Round 12: the container manager's own cgroups, systemd's UnitExists about a kubepods slice, the kernel-defaults
  // check and the container map at start (qos_container_manager_linux.go, pod_container_manager_linux.go,
  // container_manager_linux.go setupKernelTunables and buildContainerMapFromRuntime).
  {
    line: klog(
      'E',
      'kubelet.go:1384',
      '"Failed to start ContainerManager" err="failed to initialize top level QOS containers: failed to create top level Burstable QOS cgroup : error while starting unit \\"kubepods-burstable.slice\\" with properties [{Name:Description Value:\\"libcontainer container kubepods-burstable.slice\\"} {Name:Wants Value:[\\"kubepods.slice\\"]} {Name:DefaultDependencies Value:false}]: Unit kubepods-burstable.slice already exists."',
    ),
    fact: 'kubelet.cgroup_unit_exists',
  },
  {
    line: klog(
      'E',
      'pod_workers.go:190',
      '"Error syncing pod, skipping" err="failed to ensure that the pod: 0f6b2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b cgroups exist and are correctly applied: failed to create container for [kubepods besteffort pod0f6b2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b] : Unit kubepods-besteffort-pod0f6b2a8e_3c1d_4e5f_9a7b_1c2d3e4f5a6b.slice already exists." pod="default/web-0" podUID=0f6b2a8e-3c1d-4e5f-9a7b-1c2d3e4f5a6b',
    ),
    fact: 'kubelet.cgroup_unit_exists',
  },
  {
    line: klog(
      'I',
      'kubelet.go:1752',
      'skipping pod synchronization - [Failed to start ContainerManager failed to initialise top level QOS containers: failed to create top level BestEffort QOS cgroup : Unit kubepods-besteffort.slice already exists.]',
    ),
    fact: 'kubelet.cgroup_setup_failed',
  },
  {
    line: klog(
      'E',
      'kubelet.go:1431',
      '"Failed to start ContainerManager" err="[invalid kernel flag: vm/overcommit_memory, expected value: 1, actual value: 0, invalid kernel flag: kernel/panic, expected value: 10, actual value: 0]"',
    ),
    fact: 'kubelet.kernel_defaults',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1296',
      'Failed to start ContainerManager [Invalid kernel flag: kernel/keys/root_maxkeys, expected value: 1000000, actual value: 200]',
    ),
    fact: 'kubelet.kernel_defaults',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1384',
      "Failed to start ContainerManager failed to build map of initial containers from runtime: no PodsandBox found with Id 'c3d9e0f1a2b34c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5'",
    ),
    fact: 'kubelet.container_map',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1401',
      'failed to start Plugin Watcher. err: failed to traverse deprecated plugin socket path "/var/lib/kubelet/plugins", err: failed to watch /var/lib/kubelet/plugins/kubernetes.io/rbd/mounts/rbd-image-pvc-0a1b2c/data/idx, err: no space left on device',
    ),
    fact: 'kubelet.plugin_walk',
  },
  {
    line: klog(
      'F',
      'kubelet.go:1376',
      'failed to start Plugin Watcher. err: failed to traverse plugin socket path, err: failed to watch /var/lib/kubelet/plugins/kubernetes.io/aws-ebs/mounts/aws/us-east-1a/vol-0a1b2c3d/data, err: no space left on device',
    ),
    fact: 'kubelet.plugin_walk',
  },
  { line: journal('kubelet[1187]', 'panic({0x3f1e2a0, 0x7a1b2c0})'), fact: 'kubelet.panic' },
  { line: journal('kubelet[1187]', 'panic(0x3a2dec0, 0x6d6df80)'), fact: 'kubelet.panic' },
  {
    line: journal(
      'kubelet[1187]',
      '[signal SIGSEGV: segmentation violation code=0x1 addr=0x10 pc=0x1c2b3d4]',
    ),
    fact: 'kubelet.panic',
  },
  {
    line: klog(
      'E',
      'manager.go:1123',
      'Failed to create existing container: Error while processing event ("/sys/fs/cgroup/memory/kubepods/burstable/pod1234": 0x40000100 == IN_CREATE|IN_ISDIR): inotify_add_watch /sys/fs/cgroup/memory/kubepods/burstable/pod1234: no space left on device',
    ),
    fact: 'fd.watch_error',
  },
  // Other service managers' and distributions' tools (service-managers.ts), for the kubelet and the agents running it.
  {
    line: '2026-11-23 10:01:02,123 WARN exited: kubelet (exit status 255; not expected)',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: '2026-11-23 10:01:02,123 WARN exited: k3s-agent (terminated by SIGABRT; not expected)',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO gave up: kubelet entered FATAL state, too many start retries too quickly',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: 'kubelet                          FATAL     Exited too quickly (process log may have details)',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: 'kubelet                          BACKOFF   Exited too quickly (process log may have details)',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'kubelet                          STOPPED   Nov 23 10:01 AM',
    fact: 'kubelet.stopped',
    origin: 'unknown',
  },
  { line: 'kubelet dead but pid file exists', fact: 'kubelet.dead', origin: 'unknown' },
  { line: 'kubelet is stopped', fact: 'kubelet.stopped', origin: 'unknown' },
  {
    line: ' kubelet                                                           [  crashed  ]',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  { line: ' * ERROR: k3s failed to start', fact: 'kubelet.dead', origin: 'unknown' },
  {
    line: ' kubelet                                                           [  stopped  ]',
    fact: 'kubelet.stopped',
    origin: 'unknown',
  },
  {
    line: ' FAIL:  Service snap.microk8s.daemon-kubelite is not running',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'microk8s.daemon-kubelite              enabled  inactive  -',
    fact: 'kubelet.stopped',
    origin: 'unknown',
  },
  // upstart's init (syslog) and `status kubelet`.
  {
    line: 'Nov 23 10:01:02 node-1 init: kubelet main process (1187) killed by SEGV signal',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'Nov 23 10:01:02 node-1 init: kubelet main process ended, respawning',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'Nov 23 10:01:02 node-1 init: kubelet respawning too fast, stopped',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  { line: 'kubelet stop/waiting', fact: 'kubelet.stopped', origin: 'unknown' },
  // Round 27: Talos' machined and `talosctl services`, and `systemctl --failed` (Flatcar, Bottlerocket, any systemd).
  {
    line: '10.5.0.2: kern:    info: [2026-11-23T10:01:02.123456Z]: [talos] service[kubelet](Failed): Failed to run pre stage: context canceled',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '[talos] service[kubelet](Finished): Service finished successfully',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '10.5.0.2     kubelet      Finished    ?        9m3s ago      Service finished successfully',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '● kubelet.service loaded failed failed kubelet: The Kubernetes Node Agent',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  // Round 18. pkg/kubelet/kubelet.go Run and cmd/kubelet/app/server.go: no API client, by release.
  {
    line: klog('W', 'kubelet.go:1318', 'No api server defined - no node status update will be sent.'),
    fact: 'kubelet.no_api_server',
  },
  {
    line: klog('I', 'kubelet.go:1493', '"No API server defined - no node status update will be sent"'),
    fact: 'kubelet.no_api_server',
  },
  {
    line: klog('W', 'server.go:482', 'No api server defined - no events will be sent to API server.'),
    fact: 'kubelet.no_api_server',
  },
  {
    line: klog('W', 'server.go:398', 'No API client: no api servers specified'),
    fact: 'kubelet.no_api_server',
  },
  // The kubelet's flag parse: structured 1.20-1.22, klog.Fatal of the pflag error 1.10-1.19, pflag's own before.
  {
    line: klog('E', 'server.go:204', '"Failed to parse kubelet flag" err="unknown flag: --network-plugin"'),
    fact: 'kubelet.config_error',
  },
  {
    line: klog('F', 'server.go:157', 'unknown flag: --cni-bin-dir'),
    fact: 'kubelet.config_error',
  },
  {
    line: `Nov 23 10:01:02 ${NODE} kubelet[1187]: unknown flag: --container-runtime`,
    fact: 'kubelet.config_error',
  },
  // Rancher's planner, the machine's status while the kubelet's health probe fails (names sorted, kubelet last).
  {
    line: 'configuring worker node(s) pool-wk-7f9c2: waiting for probes: calico, kubelet',
    fact: 'kubelet.dead',
  },
  { line: 'Windows machines stuck in status `Waiting for probes: kubelet.`', fact: 'kubelet.dead' },
  {
    line: 'configuring bootstrap node(s) cp-1: waiting for probes: etcd, kube-apiserver, kube-controller-manager, kube-scheduler, kubelet',
    fact: 'kubelet.dead',
  },
  // kubeadm's wait for the kubelet's health endpoint, 1.8-1.28 and 1.29+.
  {
    line: '[kubelet-check] The HTTP call equal to \'curl -sSL http://localhost:10248/healthz\' failed with error: Get "http://localhost:10248/healthz": dial tcp [::1]:10248: connect: connection refused.',
    fact: 'kubelet.dead',
  },
  { line: "[kubelet-check] It seems like the kubelet isn't running or healthy.", fact: 'kubelet.dead' },
  { line: '[kubelet-check] The kubelet is not healthy after 4m0.000561571s', fact: 'kubelet.dead' },
  // Cluster API's machine controller, and the reason as Rancher's dashboard shows it.
  {
    line: 'Machine md-0-7d9f-x2kq: NodeHealthy: NodeProvisioning: Waiting for a node with matching ProviderID to exist',
    fact: 'kubelet.not_registered',
  },
  { line: 'NodeHealthy  False  Info  WaitingForNodeRef  12m', fact: 'kubelet.not_registered' },
  { line: 'the machine has been in Waiting for Node Ref for an hour', fact: 'kubelet.not_registered' },
];

const KERNEL_EXAMPLES: readonly Example[] = [
  // Round 27 (r27-asks): a security module's denial of the low-level runtime's execution (SELinux's AVC, AppArmor's
  // audit record); more forms and near misses in rules-round27-asks.test.ts.
  {
    line: kmsg(
      'audit: type=1400 audit(1700000000.123:456): avc:  denied  { execute } for  pid=4411 comm="containerd-shim" name="runc" dev="dm-0" ino=1234 scontext=system_u:system_r:container_runtime_t:s0 tcontext=system_u:object_r:bin_t:s0 tclass=file permissive=0',
    ),
    fact: 'runtime.binary_refused',
  },
  // Round 20: a soft lockup read from the taint it leaves on dump_stack's CPU line, and on network receive polling.
  {
    line: kmsg('CPU: 1 PID: 3844 Comm: stress-ng Tainted: G             L     6.1.150 #1'),
    fact: 'kernel.soft_lockup',
  },
  {
    line: kmsg('CPU: 1 PID: 3844 Comm: napi/eth0-8193 Tainted: G             L     6.1.150 #1'),
    fact: 'kernel.soft_lockup_netrx',
  },
  // mm/memcontrol.c mem_cgroup_print_oom_meminfo and mm/oom_kill.c dump_tasks: a memcg OOM report's accounting lines.
  { line: kmsg('memory: usage 2097152kB, limit 2097152kB, failcnt 48213'), fact: 'mem.oom_report' },
  { line: kmsg('Tasks state (memory values in pages):'), fact: 'mem.oom_report' },
  {
    line: kmsg('Memory cgroup stats for /kubepods/burstable/pod7c1f2a3b-4d5e-6f70-8192-a3b4c5d6e7f8:'),
    fact: 'mem.cgroup_oom',
  },
  { line: kmsg('Memory cgroup stats for /kubepods.slice:'), fact: 'mem.oom' },
  // net/sched/sch_generic.c dev_watchdog, before 6.7 and from 6.8 (netdev_crit's driver and device prefix).
  { line: kmsg('NETDEV WATCHDOG: eth0 (ena): transmit queue 0 timed out'), fact: 'network.iface_lost' },
  {
    line: kmsg('ixgbe 0000:3b:00.0 eno1: NETDEV WATCHDOG: CPU: 7: transmit queue 3 timed out 5120 ms'),
    fact: 'network.iface_lost',
  },
  // drivers/net/usb/usbnet.c usbnet_disconnect.
  {
    line: kmsg(
      "cdc_ether 2-1:1.0 enx00e04c680001: unregister 'cdc_ether' usb-0000:00:14.0-1, CDC Ethernet Device",
    ),
    fact: 'network.iface_lost',
  },
  // drivers/net/ethernet/amazon/ena/ena_netdev.c.
  { line: kmsg('ena 0000:00:05.0 eth0: Keep alive watchdog timeout.'), fact: 'network.iface_lost' },
  {
    line: kmsg(
      'ena 0000:00:05.0: Device reset completed successfully, Driver info: Elastic Network Adapter (ENA) v2.8.1g',
    ),
    fact: 'network.iface_lost',
  },
  // Round 25: the drivers' own hang detection and ndo_tx_timeout handlers, built from their format strings.
  { line: kmsg('e1000e 0000:00:1f.6 eno1: Detected Hardware Unit Hang:'), fact: 'network.iface_lost' },
  { line: kmsg('e1000e 0000:00:1f.6 eno1: Reset adapter unexpectedly'), fact: 'network.iface_lost' },
  { line: kmsg('igb 0000:04:00.1: Detected Tx Unit Hang'), fact: 'network.iface_lost' },
  { line: kmsg('igc 0000:58:00.0 enp88s0: Reset adapter'), fact: 'network.iface_lost' },
  { line: kmsg('ixgbe 0000:3b:00.1 ens2f1: Reset adapter'), fact: 'network.iface_lost' },
  { line: kmsg('ixgbe 0000:3b:00.1 ens2f1: Detected Tx Unit Hang (XDP)'), fact: 'network.iface_lost' },
  {
    line: kmsg('ixgbe 0000:3b:00.1 ens2f1: tx hang 3 detected on queue 11, resetting adapter'),
    fact: 'network.iface_lost',
  },
  { line: kmsg('ixgbe 0000:3b:00.1 ens2f1: initiating reset due to tx timeout'), fact: 'network.iface_lost' },
  {
    line: kmsg('i40e 0000:af:00.0 ens1f0: tx_timeout recovery level 2, hung_queue 7'),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg('ice 0000:17:00.0 ens785f0: tx_timeout recovery level 1, txqueue 12'),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg('bnxt_en 0000:19:00.0 ens3f0np0: TX timeout detected, starting reset task!'),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg(
      'mlx5_core 0000:5e:00.0 ens5f0: TX timeout on queue: 4, SQ: 0x10a, CQ: 0x48c, SQ Cons: 0x2d SQ Prod: 0x33, usecs since last trans: 21996000',
    ),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg(
      'virtio_net virtio1 eth0: TX timeout on queue: 0, sq: output.0, vq: 0x1, name: output.0, 6148000 usecs ago',
    ),
    fact: 'network.iface_lost',
  },
  { line: kmsg('tg3 0000:02:00.0 eno2: transmit timed out, resetting'), fact: 'network.iface_lost' },
  { line: kmsg('vmxnet3 0000:0b:00.0 ens192: tx hang'), fact: 'network.iface_lost' },
  {
    line: kmsg("ena 0000:00:06.0 eth1: Found a Tx that wasn't completed on time, qid 2, index 417."),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg(
      "ena 0000:00:06.0 eth1: TX hasn't completed, qid 2, index 417. 5120 usecs from last napi execution, napi scheduled: 1",
    ),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg(
      'ena 0000:00:06.0 eth1: The number of lost tx completions is above the threshold (129 > 128). Reset the device',
    ),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg(
      'hv_netvsc 000d3a6e-1f2b-000d-3a6e-1f2b000d3a6e eth0: Unable to send packet pages 3 len 1514, ret -19',
    ),
    fact: 'network.iface_lost',
  },
  {
    line: kmsg('java invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0'),
    fact: 'mem.oom_report',
  },
  { line: '/dev/nvme0n1p1   20G   20G     0 100% /', fact: 'disk.pressure', origin: 'unknown' },
  // Round 20: the same row under a paster's Markdown (emphasis around the figure, table pipes).
  { line: 'tmpfs   409600  409600       0 **100%** /run', fact: 'disk.pressure', origin: 'unknown' },
  // Round 29 (r29-runtime): a tmpfs row at 100 %, plain or under mark-up: memory, not the disk.
  { line: 'tmpfs           3.9G  3.9G     0 100% /run', fact: 'fs.tmpfs_full', origin: 'unknown' },
  { line: 'tmpfs   409600  409600       0 **100%** /run', fact: 'fs.tmpfs_full', origin: 'unknown' },
  { line: kmsg('nf_conntrack: nf_conntrack: table full, dropping packet'), fact: 'network.conntrack_full' },
  {
    line: 'vmstat showed iowait at 98% for minutes before each NotReady',
    fact: 'io.saturated',
    origin: 'unknown',
  },
  {
    line: kmsg(
      'oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0,oom_memcg=/system.slice,task_memcg=/system.slice/containerd.service,task=containerd,pid=880,uid=0',
    ),
    fact: 'mem.system_slice_limit',
  },
  {
    line: kmsg('task:containerd-shim state:D stack:0     pid:4242  ppid:4100   flags:0x00000000'),
    fact: 'proc.dstate',
  },
  { line: kmsg('dockerd         D    0  1203      1 0x00000000'), fact: 'proc.dstate' },
  {
    line: kmsg('INFO: task containerd-shim:4242 blocked for more than 120 seconds.'),
    fact: 'kernel.hung_task_runtime',
  },
  {
    line: kmsg('INFO: task runc:[2:INIT]:31337 blocked for more than 120 seconds.'),
    fact: 'kernel.hung_task_runtime',
  },
  {
    line: kmsg('INFO: task dockerd:1200 blocked for more than 122 seconds.'),
    fact: 'kernel.hung_task_runtime',
  },
  { line: kmsg('INFO: task java:4242 blocked for more than 120 seconds.'), fact: 'kernel.hung_task' },
  // The runtime's daemon itself hung (round 19): kernel/hung_task.c check_hung_task names it by its comm.
  {
    line: kmsg('INFO: task containerd:7378 blocked for more than 122 seconds.'),
    fact: 'kernel.hung_task_daemon',
  },
  {
    line: kmsg('INFO: task dockerd:1200 blocked for more than 122 seconds.'),
    fact: 'kernel.hung_task_daemon',
  },
  // The watchdogs' own panics (kernel.hung_task_panic, kernel.softlockup_panic).
  { line: kmsg('Kernel panic - not syncing: hung_task: blocked tasks'), fact: 'kernel.watchdog_panic' },
  { line: kmsg('Kernel panic - not syncing: softlockup: hung tasks'), fact: 'kernel.watchdog_panic' },
  // A soft lockup with a kernel-instrumenting security agent's own process on the stuck CPU.
  {
    line: kmsg('watchdog: BUG: soft lockup - CPU#4 stuck for 27s! [falco:20765]'),
    fact: 'kernel.soft_lockup_agent',
  },
  {
    line: journal('kernel', 'INFO: task kworker/u16:2:23 blocked for more than 245 seconds.'),
    fact: 'kernel.hung_task',
  },
  { line: kmsg(' rpc_wait_bit_killable+0x24/0xb0 [sunrpc]'), fact: 'kernel.storage_stall' },
  { line: kmsg(' [<ffffffffc04a1e09>] _xfs_log_force_lsn+0x2e8/0x340 [xfs]'), fact: 'kernel.storage_stall' },
  { line: journal('kernel', ' jbd2_log_wait_commit+0xa5/0x120'), fact: 'kernel.storage_stall' },
  // XFS's log force under its 5.14 names, and umount(8) or sync(1) itself reported hung.
  { line: journal('kernel', ' xfs_log_force_seq+0x8e/0x170 [xfs]'), fact: 'kernel.storage_stall' },
  { line: journal('kernel', ' xlog_cil_force_seq+0x1c1/0x230 [xfs]'), fact: 'kernel.storage_stall' },
  // Round 23: a file system's flush (fs/sync.c, fs/fs-writeback.c, an overlay's and XFS's sync_fs).
  { line: journal('kernel', ' sync_filesystem+0x71/0x90'), fact: 'kernel.fs_sync_stall' },
  { line: kmsg(' wb_wait_for_completion+0x51/0x80'), fact: 'kernel.fs_sync_stall' },
  { line: journal('kernel', ' ovl_sync_fs+0x59/0x90 [overlay]'), fact: 'kernel.fs_sync_stall' },
  {
    line: journal('kernel', 'INFO: task umount:4312 blocked for more than 120 seconds.'),
    fact: 'kernel.storage_stall',
  },
  { line: kmsg('INFO: task sync:20031 blocked for more than 241 seconds.'), fact: 'kernel.storage_stall' },
  { line: kmsg(' io_schedule+0x16/0x40'), fact: 'kernel.storage_stall' },
  {
    line: kmsg('INFO: task jbd2/nvme0n1p1-8:412 blocked for more than 120 seconds.'),
    fact: 'kernel.storage_stall',
  },
  {
    line: kmsg('INFO: task umount.aufs:9123 blocked for more than 120 seconds.'),
    fact: 'kernel.storage_stall',
  },
  { line: kmsg('nfs: server 10.0.0.5 not responding, still trying'), fact: 'kernel.storage_stall' },
  // Round 21: the network storage's clients losing their servers (net/ceph mon_client.c, messenger.c, osd_client.c;
  // scsi_transport_iscsi.c, libiscsi.c; multipath-tools structs_vec.c, dm-mpath.c), and the frames of the waits
  // added to the hung-task call traces.
  {
    line: kmsg('libceph: mon0 10.0.0.11:6789 session lost, hunting for new mon'),
    fact: 'storage.remote_lost',
  },
  {
    line: journal('kernel', 'libceph: mon2 (1)10.0.0.13:6789 session lost, hunting for new mon'),
    fact: 'storage.remote_lost',
  },
  {
    line: kmsg('libceph: mon1 (1)10.0.0.12:6789 socket closed (con state V1_BANNER)'),
    fact: 'storage.remote_lost',
  },
  { line: kmsg('libceph: mon0 10.0.0.11:6789 socket error on read'), fact: 'storage.remote_lost' },
  { line: kmsg('libceph: osd3 (2)10.0.0.21:6802 socket error on write'), fact: 'storage.remote_lost' },
  { line: kmsg('libceph: mon1 (1)10.0.0.12:6789 connect error'), fact: 'storage.remote_lost' },
  { line: kmsg('libceph: tid 44531 on osd7 timeout'), fact: 'storage.remote_lost' },
  { line: kmsg('libceph: osd5 down'), fact: 'storage.remote_lost' },
  { line: kmsg(' connection1:0: detected conn error (1020)'), fact: 'storage.remote_lost' },
  {
    line: kmsg(
      ' connection2:0: ping timeout of 5 secs expired, recv timeout 5, last rx 4295893210, last ping 4295894462, now 4295895744',
    ),
    fact: 'storage.remote_lost',
  },
  { line: kmsg(' session3: session recovery timed out after 120 secs'), fact: 'storage.remote_lost' },
  { line: journal('multipathd', 'mpatha: remaining active paths: 0'), fact: 'storage.remote_lost' },
  {
    line: kmsg('device-mapper: multipath: queue_if_no_path timeout on 253:2, failing queued IO'),
    fact: 'storage.remote_lost',
  },
  { line: kmsg(' __wait_on_buffer+0x2f/0x40'), fact: 'kernel.storage_stall' },
  { line: kmsg(' out_of_line_wait_on_bit+0x91/0xb0'), fact: 'kernel.storage_stall' },
  { line: kmsg(' folio_wait_writeback+0x28/0x80'), fact: 'kernel.storage_stall' },
  { line: kmsg(' wait_on_page_writeback+0x43/0x90'), fact: 'kernel.storage_stall' },
  { line: kmsg(' blk_mq_freeze_queue_wait+0x62/0x90'), fact: 'kernel.storage_stall' },
  { line: kmsg(' blk_queue_enter+0x14c/0x250'), fact: 'kernel.storage_stall' },
  { line: kmsg(' rq_qos_wait+0xc8/0x150'), fact: 'kernel.storage_stall' },
  { line: kmsg(' wbt_wait+0x9b/0x100'), fact: 'kernel.storage_stall' },
  { line: kmsg(' submit_bio_wait+0x84/0xc0'), fact: 'kernel.storage_stall' },
  { line: kmsg(' xfs_buf_iowait+0x22/0xc0 [xfs]'), fact: 'kernel.storage_stall' },
  { line: kmsg(' xfs_ail_push_all_sync+0xb0/0x100 [xfs]'), fact: 'kernel.storage_stall' },
  { line: kmsg(' ceph_mdsc_wait_request+0x6b/0x1c0 [ceph]'), fact: 'kernel.storage_stall' },
  { line: kmsg(' ceph_get_caps+0x112/0x170 [ceph]'), fact: 'kernel.storage_stall' },
  {
    line: kmsg('"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.'),
    fact: 'kernel.hung_task',
  },
  {
    line: kmsg('INFO: task dockerd:1203 is blocked on a mutex likely owned by task containerd:880.'),
    fact: 'kernel.hung_task',
  },
  {
    line: kmsg(
      'INFO: task kworker/u8:3:211 <writer> blocked on an rw-semaphore likely owned by task runc:4242 <reader>',
    ),
    fact: 'kernel.hung_task',
  },
  {
    line: kmsg('Future hung task reports are suppressed, see sysctl kernel.hung_task_warnings'),
    fact: 'kernel.hung_task',
  },
  {
    line: '/sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/freezer.state:FROZEN',
    fact: 'cgroup.pods_frozen',
    origin: 'unknown',
  },
  {
    line: '/sys/fs/cgroup/freezer/kubepods/besteffort/pod0b1c2d3e-4f5a-6b7c-8d9e-0f1a2b3c4d5e/freezer.state FREEZING',
    fact: 'cgroup.pods_frozen',
    origin: 'unknown',
  },
  {
    line: '/sys/fs/cgroup/kubepods.slice/kubepods-besteffort.slice/kubepods-besteffort-pod0b1c2d3e_4f5a.slice/cgroup.events:frozen 1',
    fact: 'cgroup.pods_frozen',
    origin: 'unknown',
  },
  {
    line: kmsg(
      'EXT4-fs error (device nvme0n1p1): ext4_lookup:1707: inode #1311234: comm dockerd: deleted inode referenced: 1311877',
    ),
    fact: 'fs.corrupt',
  },
  { line: kmsg('EXT4-fs (sda1): error count since last fsck: 12'), fact: 'fs.corrupt' },
  { line: kmsg('Aborting journal on device sda1-8.'), fact: 'fs.corrupt' },
  {
    line: kmsg(
      'XFS (dm-0): Metadata corruption detected at xfs_dinode_verify+0xa5/0x730 [xfs], inode 0x4a1 dinode',
    ),
    fact: 'fs.corrupt',
  },
  {
    line: kmsg('XFS (sdb1): metadata I/O error in "xfs_trans_read_buf_map" at daddr 0x1a40 len 8 error 117'),
    fact: 'fs.corrupt',
  },
  {
    line: kmsg('XFS (sdb1): Corruption detected. Unmount and run xfs_repair'),
    fact: 'fs.corrupt',
  },
  {
    line: kmsg(
      'xfs_do_force_shutdown(0x8) called from line 1009 of file fs/xfs/xfs_trans.c.  Return address = 0xffffffffc04f5a2e',
    ),
    fact: 'fs.readonly',
  },
  {
    line: kmsg(
      'XFS (dm-0): Corruption of in-memory data (0x8) detected at xfs_trans_cancel+0x12a/0x150 [xfs] (fs/xfs/xfs_trans.c:1097).  Shutting down filesystem.',
    ),
    fact: 'fs.readonly',
  },
  { line: kmsg('Kernel panic - not syncing: softlockup: hung tasks'), fact: 'node.rebooting' },
  // GHES prints the record with its sequence number before it panics; BERT prints the previous boot's at start.
  { line: kmsg('{1}[Hardware Error]: event severity: fatal'), fact: 'node.rebooting' },
  { line: kmsg('[Hardware Error]: event severity: fatal'), fact: 'node.rebooting' },
  { line: kmsg('Rebooting in 10 seconds..'), fact: 'node.rebooting' },
  { line: kmsg('NMI watchdog: Watchdog detected hard LOCKUP on cpu 3'), fact: 'kernel.soft_lockup' },
  { line: kmsg('nfs: server nfs-01 not responding, timed out'), fact: 'kernel.storage_stall' },
  { line: kmsg('lockd: server 10.0.0.5 not responding, still trying'), fact: 'kernel.storage_stall' },
  {
    line: kmsg(
      'XFS: runc:[2:INIT](31337) possible memory allocation deadlock size 65536 in kmem_alloc (mode:0x2400240)',
    ),
    fact: 'kernel.storage_stall',
  },
  {
    line: kmsg(
      'Out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:6291456kB, file-rss:0kB, shmem-rss:0kB, UID:1000 pgtables:13000kB oom_score_adj:-997',
    ),
    fact: 'mem.oom',
  },
  { line: kmsg('Out of memory: Kill process 23145 (java) score 912 or sacrifice child'), fact: 'mem.oom' },
  // Round 27 (r27-storage): the victim the kubelet itself (its oom_score_adj -999 shields it from all but its own size).
  {
    line: kmsg(
      'Out of memory: Killed process 1327 (kubelet) total-vm:88604672kB, anon-rss:54738432kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:107000kB oom_score_adj:-999',
    ),
    fact: 'kubelet.oom_victim',
  },
  {
    line: kmsg(
      'oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,global_oom,task_memcg=/kubepods/burstable/pod1,task=java,pid=23145,uid=1000',
    ),
    fact: 'mem.oom',
  },
  {
    line: kmsg(
      'Memory cgroup out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:524288kB, file-rss:0kB, shmem-rss:0kB',
    ),
    fact: 'mem.cgroup_oom',
  },
  {
    line: kmsg(
      'oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-1234.scope,mems_allowed=0,oom_memcg=/kubepods/burstable/pod1',
    ),
    fact: 'mem.cgroup_oom',
  },
  { line: kmsg('VFS: file-max limit 1048576 reached'), fact: 'fd.file_max' },
  // mm/page_alloc.c warn_alloc and show_free_areas, mm/slab_common.c, net/netfilter/nf_conntrack_core.c, mm/slub.c:
  // allocations that need contiguous pages failing short of the OOM killer.
  {
    line: kmsg(
      'runc:[1:CHILD]: page allocation failure: order:6, mode:0x140c0c0(GFP_KERNEL|__GFP_COMP|__GFP_ZERO), nodemask=(null)',
    ),
    fact: 'mem.fragmented',
  },
  {
    line: kmsg(
      'runc:[1:CHILD]: page allocation failure: order:6, mode:0x140c0c0(GFP_KERNEL|__GFP_COMP|__GFP_ZERO), nodemask=(null)',
    ),
    fact: 'runc.init_enomem',
  },
  { line: kmsg('exe: page allocation failure: order:6, mode:0x10c0d0'), fact: 'mem.fragmented' },
  { line: kmsg('exe: page allocation failure: order:6, mode:0x10c0d0'), fact: 'runc.init_enomem' },
  {
    line: kmsg(
      'Node 0 Normal: 40712*4kB (UME) 9021*8kB (UME) 1710*16kB (UM) 32*32kB (U) 2*64kB (U) 0*128kB 0*256kB 0*512kB 0*1024kB 0*2048kB 0*4096kB = 265320kB',
    ),
    fact: 'mem.fragmented',
  },
  {
    line: kmsg('kmem_cache_create(nf_conntrack_ffff8807f2a4c000) failed with error -12'),
    fact: 'mem.fragmented',
  },
  { line: kmsg('Unable to create nf_conn slab cache'), fact: 'mem.fragmented' },
  {
    line: kmsg('SLUB: Unable to allocate memory on node -1, gfp=0xcc0(GFP_KERNEL)'),
    fact: 'mem.fragmented',
  },
  {
    line: kmsg(
      'cgroup: fork rejected by pids controller in /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod12.slice',
    ),
    fact: 'pid.pod_limit',
  },
  {
    line: kmsg(
      'cgroup: fork rejected by pids controller in /kubepods/besteffort/pod5e0c1a2b-7d3f-4c1e-9a8b-2f6d1e0c3b4a/9f8e7d6c5b4a39281706f5e4d3c2b1a0',
    ),
    fact: 'pid.pod_limit',
  },
  {
    line: kmsg('cgroup: fork rejected by pids controller in /system.slice/docker-4f2a9c1e0b7d3a5f.scope'),
    fact: 'pid.pod_limit',
  },
  {
    line: kmsg('cgroup: fork rejected by pids controller in /system.slice/containerd.service'),
    fact: 'pid.runtime_unit_limit',
  },
  {
    line: kmsg('cgroup: fork rejected by pids controller in /system.slice/docker.service'),
    fact: 'pid.runtime_unit_limit',
  },
  {
    line: kmsg('cgroup: fork rejected by pids controller in /system.slice/kubelet.service'),
    fact: 'pid.cgroup_limit',
  },
  { line: kmsg('cgroup: fork rejected by pids controller in /kubepods.slice'), fact: 'pid.cgroup_limit' },
  { line: 'bash: fork: Resource temporarily unavailable', fact: 'pid.pressure', origin: 'unknown' },
  { line: 'sh: 1: Cannot fork', fact: 'pid.pressure', origin: 'unknown' },
  {
    line: 'runtime/cgo: pthread_create failed:Resource temporarily unavailable',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  { line: journal('containerd[900]', 'fatal error: newosproc'), fact: 'pid.pressure' },
  {
    line: 'Exception in thread "main" java.lang.OutOfMemoryError: unable to create new native thread',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  {
    line: '[0.512s][warning][os,thread] Failed to start thread "Unknown thread" - pthread_create failed (EAGAIN) for attributes: stacksize: 1024k, guardsize: 0k, detached.',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  { line: '-bash: fork: retry: Resource temporarily unavailable', fact: 'pid.pressure', origin: 'unknown' },
  // Round 22: the same failures with ENOSPC, as kernels from 4.15 returned it from alloc_pid for a full PID range.
  {
    line: journal(
      'dockerd[1200]',
      'time="2026-11-23T10:01:02Z" level=error msg="containerd: start init process" error="exit status 2: \\"runtime/cgo: pthread_create failed: No space left on device"',
    ),
    fact: 'pid.pressure',
  },
  { line: '-bash: fork: retry: No space left on device', fact: 'pid.pressure', origin: 'unknown' },
  { line: 'bash: fork: No space left on device', fact: 'pid.pressure', origin: 'unknown' },
  {
    line: journal(
      'containerd[900]',
      'time="2026-11-23T10:01:02Z" level=error msg="failed to create task" error="OCI runtime create failed: runc create failed: unable to start container process: nsexec-0[4410]: unable to spawn stage-1: No space left on device"',
    ),
    fact: 'pid.pressure',
  },
  {
    line: 'nsenter: unable to fork: init_func: No space left on device',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  // Other language runtimes' thread and child creation (CPython, Rust's std, Node's child_process).
  { line: "RuntimeError: can't start new thread", fact: 'pid.pressure', origin: 'unknown' },
  {
    line: "thread 'main' panicked at 'failed to spawn thread: Os { code: 11, kind: WouldBlock, message: \"Resource temporarily unavailable\" }'",
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  { line: 'Error: spawn /bin/sh EAGAIN', fact: 'pid.pressure', origin: 'unknown' },
  {
    line: klog('E', 'kubelet.go:1', 'runtime: failed to create new OS thread (have 27 already; errno=28)'),
    fact: 'pid.pressure',
  },
  {
    line: journal('dockerd[1200]', 'runtime/cgo: pthread_create failed: Resource temporarily unavailable'),
    fact: 'pid.pressure',
  },
  {
    line: klog('E', 'kubelet.go:1', 'runtime: failed to create new OS thread (have 11 already; errno=11)'),
    fact: 'pid.pressure',
  },
  {
    line: journal(
      'dockerd[1200]',
      'time="2026-11-23T10:01:02Z" level=error msg="Handler for POST /containers/abc/start returned error: fork/exec /usr/bin/runc: resource temporarily unavailable"',
    ),
    fact: 'pid.pressure',
  },
  {
    line: journal(
      'containerd[900]',
      'time="2026-11-23T10:01:02Z" level=error msg="failed to write compressed diff" error="write /var/lib/containerd/tmpmounts/x: no space left on device"',
    ),
    fact: 'disk.pressure',
  },
  {
    line: kmsg('I/O error, dev sdb, sector 123456 op 0x1:(WRITE) flags 0x800 phys_seg 1 prio class 0'),
    fact: 'disk.io_error',
  },
  { line: kmsg('blk_update_request: I/O error, dev sda, sector 2048'), fact: 'disk.io_error' },
  {
    line: kmsg('Buffer I/O error on dev sda1, logical block 0, lost async page write'),
    fact: 'disk.io_error',
  },
  {
    line: kmsg(
      'EXT4-fs error (device sda1): ext4_find_entry:1455: inode #2: comm kubelet: reading directory lblock 0',
    ),
    fact: 'disk.io_error',
  },
  { line: kmsg('EXT4-fs (sda1): Remounting filesystem read-only'), fact: 'fs.readonly' },
  { line: kmsg('XFS (dm-3): Log I/O Error Detected. Shutting down filesystem'), fact: 'fs.readonly' },
  {
    line: kmsg('watchdog: BUG: soft lockup - CPU#3 stuck for 23s! [runc:[2:INIT]:12345]'),
    fact: 'kernel.soft_lockup',
  },
  { line: kmsg('rcu: INFO: rcu_sched self-detected stall on CPU'), fact: 'kernel.soft_lockup' },
  {
    line: kmsg('BUG: unable to handle kernel NULL pointer dereference at 0000000000000008'),
    fact: 'kernel.oops',
  },
  { line: kmsg('BUG: kernel NULL pointer dereference, address: 0000000000000010'), fact: 'kernel.oops' },
  { line: kmsg('kernel BUG at mm/slub.c:3901!'), fact: 'kernel.oops' },
  {
    line: kmsg('unregister_netdevice: waiting for eth0 to become free. Usage count = 1'),
    fact: 'network.netdev_leak',
  },
  { line: kmsg('e1000e 0000:00:1f.6 eno1: NIC Link is Down'), fact: 'network.link_down' },
  {
    line: kmsg('bond0: link status definitely down for interface eth1, disabling it'),
    fact: 'network.link_down',
  },
  { line: kmsg('r8169 0000:02:00.0 enp2s0: Link is Down'), fact: 'network.link_down' },
  { line: kmsg('mlx5_core 0000:3b:00.0 ens1f0: Link down'), fact: 'network.link_down' },
  {
    line: kmsg('r8169 0000:02:00.0 enp2s0: Link is Up - 1Gbps/Full - flow control rx/tx'),
    fact: 'network.link_up',
  },
  { line: kmsg('mlx5_core 0000:3b:00.0 ens1f0: Link up'), fact: 'network.link_up' },
  {
    line: journal('systemd-networkd[612]', 'eth0: Lost carrier'),
    fact: 'network.link_down',
    origin: 'unknown',
  },
  {
    line: kmsg('ixgbe 0000:03:00.0 eth0: NIC Link is Up 10 Gbps, Flow Control: RX/TX'),
    fact: 'network.link_up',
  },
  {
    line: kmsg('bond0: link status definitely up for interface eth1, 10000 Mbps full duplex'),
    fact: 'network.link_up',
  },
  {
    line: journal('systemd-networkd[612]', 'eth0: Gained carrier'),
    fact: 'network.link_up',
    origin: 'unknown',
  },
  {
    line: '4243  4242 Z    [sh] <defunct>  (parent 4242 /usr/bin/containerd-shim-runc-v2 -namespace k8s.io)',
    fact: 'proc.zombie_shim',
    origin: 'unknown',
  },
  // Round 26 (r26-sandbox): neigh_alloc's overflow in each kernel's wording; iproute2's netlink bind refused.
  { line: kmsg('neighbour: arp_cache: neighbor table overflow!'), fact: 'net.neigh_overflow' },
  { line: kmsg('neighbour: ndisc_cache: neighbor table overflow!'), fact: 'net.neigh_overflow' },
  { line: kmsg('Neighbour table overflow.'), fact: 'net.neigh_overflow' },
  { line: 'Cannot bind netlink socket: Argument list too long', fact: 'ns.create_refused' },
  { line: 'Cannot bind netlink socket: Cannot allocate memory', fact: 'ns.create_refused' },
  // Round 27 (r27-kernel): a device-mapper thin pool out of data or metadata space (drivers/md/dm-thin.c).
  {
    line: kmsg('device-mapper: thin: 253:2: switching pool to out-of-data-space (queue IO) mode'),
    fact: 'disk.pressure',
  },
  { line: kmsg('device-mapper: thin: No free metadata blocks'), fact: 'disk.pressure' },
];

const NPD_EXAMPLES: readonly Example[] = [
  {
    line: journal(
      'dockerd[1200]',
      'time="2026-11-23T10:01:02Z" level=error msg="Handler for GET /containers/abc/json returned error: readlink /var/lib/docker/overlay2/l/ABCDEF: invalid argument"',
    ),
    fact: 'runtime.overlay_corrupt',
  },
];

/** Lines that look close to a rule's message but are not the mechanism: the fact must not be recorded. */
const NEAR_MISSES: readonly Example[] = [
  // Round 28 (r28-runtime): a checkpoint the kubelet reads and goes on without (the device manager's, a sandbox's) is
  // not a state it cannot start from.
  {
    line: klog(
      'W',
      'manager.go:483',
      '"Continue after failing to read checkpoint file. Device allocation info may NOT be up-to-date" err="checkpoint is corrupted"',
    ),
    fact: 'kubelet.manager_state',
  },
  {
    line: klog(
      'E',
      'kuberuntime_sandbox.go:302',
      '"Failed to retrieve checkpoint for sandbox" err="checkpoint is corrupted" sandboxID="4f2a9c1e0b7d"',
    ),
    fact: 'kubelet.manager_state',
  },
  // Round 27 (r27-kernel): a thin pool back in write mode, or only at its low water mark, is not out of space.
  { line: kmsg('device-mapper: thin: 253:2: switching pool to write mode'), fact: 'disk.pressure' },
  {
    line: kmsg('device-mapper: thin: 253:2: reached low water mark for data device: sending event.'),
    fact: 'disk.pressure',
  },
  // Round 26: a status patch quoting the controller's reason is the kubelet reaching the server, not the controller.
  {
    line: 'failed to patch status "{\\"status\\":{\\"conditions\\":[{\\"reason\\":\\"NodeStatusUnknown\\"}]}}" for node "node-7"',
    fact: 'node.status_unknown',
    origin: 'unknown',
  },
  // Round 25: the drivers' lines that are not a hang: a link coming up, a reset asked for by ethtool or a
  // configuration change, an i40e VF's own reset, ENA's statistics; and the node-password words that are not a refusal.
  {
    line: kmsg('e1000e 0000:00:1f.6 eno1: NIC Link is Up 1000 Mbps Full Duplex, Flow Control: None'),
    fact: 'network.iface_lost',
  },
  { line: kmsg('e1000e: eno1 NIC Link is Down'), fact: 'network.iface_lost' },
  { line: kmsg('i40e 0000:af:00.0: VF 3 is now trusted'), fact: 'network.iface_lost' },
  { line: kmsg('ena 0000:00:06.0 eth1: ENA device version: 0.10'), fact: 'network.iface_lost' },
  {
    line: kmsg('vmxnet3 0000:0b:00.0 ens192: intr type 3, mode 0, 9 vectors allocated'),
    fact: 'network.iface_lost',
  },
  {
    line: journal(
      'k3s[1500]',
      'time="2026-11-23T10:01:02Z" level=info msg="Password verified locally for node worker-3"',
    ),
    fact: 'agent.node_password_rejected',
  },
  {
    line: journal(
      'k3s[1500]',
      'time="2026-11-23T10:01:02Z" level=info msg="Migrating node password entries from \'/var/lib/rancher/k3s/server/cred/node-passwd\'"',
    ),
    fact: 'agent.node_password_rejected',
  },
  // The controller manager's own cloud provider at its start, not the kubelet's.
  {
    line: journal(
      'kube-controller-manager[800]',
      'F1123 10:01:02.123456     800 controllermanager.go:245] Cloud provider could not be initialized: could not init cloud provider "aws": error finding instance i-0abc123',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog('W', 'generic.go:214', 'PLEG event channel is full, discarding event'),
    fact: 'kubelet.status_channel_full',
  },
  // Round 22: the cloud node manager's own address patch refused (cloud-provider-azure nodemanager.go), not the kubelet's.
  {
    line: journal(
      'cloud-node-manager[900]',
      'E1123 10:01:02.123456     900 nodemanager.go:212] patching node with cloud ip addresses: failed to patch status "{}" for node "node-7": Operation cannot be fulfilled on nodes "node-7": the object has been modified; please apply your changes to the latest version and try again',
    ),
    fact: 'kubelet.status_patch_conflict',
  },
  // Round 23: the 1.0+ creation failure exits (lowercase, inside "failed to run Kubelet"), not the no-retry release;
  // the provider's load-balancer backoff is not the node's addresses; the provider's lines in another process.
  {
    line: klog(
      'F',
      'server.go:233',
      'failed to run Kubelet: failed to create kubelet: failed to get docker version: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
    ),
    fact: 'kubelet.create_no_retry',
  },
  {
    line: klog('E', 'azure_loadbalancer.go:120', 'ensure(default/web): lb(kubernetes) - abort backoff'),
    fact: 'kubelet.cloud_lookup_warned',
  },
  {
    line: journal(
      'kube-controller-manager[900]',
      'E1123 10:01:02.123456     900 azure_instances.go:34] error: az.NodeAddresses, az.getIPForMachine(node-7), err=instance not found',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  // Round 22: a node IP the host lacks is the kubelet's configuration, not the cloud; the cloud controller manager's
  // own check of a provided IP is not the kubelet's status path; a status update that fails on the network is not
  // the cloud lookup; the node controller's own conflict is not the kubelet's patch; the controller's Unknown
  // condition inside the kubelet's patch is not the controller's report.
  {
    line: klog(
      'E',
      'kubelet_node_status.go:586',
      '"Failed to set some node status fields" err="failed to validate nodeIP: node IP: \\"10.0.0.9\\" not found in the host\'s network interfaces" node="node-7"',
    ),
    fact: 'kubelet.cloud_lookup_warned',
  },
  {
    line: journal(
      'cloud-controller-manager[900]',
      'E1123 10:01:02.123456     900 node_controller.go:229] error syncing \'node-7\': provided node ip for node "node-7" is not valid: failed to get node address from cloud provider that matches ip: 100.64.0.9',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:380',
      'Error updating node status, will retry: error getting node "node-7": Get https://10.0.0.1:6443/api/v1/nodes/node-7: dial tcp 10.0.0.1:6443: connect: connection refused',
    ),
    fact: 'kubelet.cloud_lookup_failed',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:302',
      'Error updating node status, will retry: failed to get node address from cloud provider: RequestLimitExceeded: Request limit exceeded.',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: journal(
      'kube-controller-manager[800]',
      'E1123 10:01:02.123456     800 node_lifecycle_controller.go:1012] Error updating node node-7: Operation cannot be fulfilled on nodes "node-7": the object has been modified; please apply your changes to the latest version and try again',
    ),
    fact: 'kubelet.status_patch_conflict',
  },
  {
    line: klog(
      'E',
      'kubelet_node_status.go:380',
      'Error updating node status, will retry: error getting node "node-7": nodes "node-7" not found',
    ),
    fact: 'kubelet.status_patch_refused',
  },
  {
    line: journal(
      'kubelet[1187]',
      ' diff1={"metadata":{"resourceVersion":"998"},"status":{"$setElementOrder/conditions":[{"type":"Ready"}],"conditions":[{"message":"Kubelet stopped posting node status.","reason":"NodeStatusUnknown","status":"Unknown","type":"Ready"}]}}',
    ),
    fact: 'node.status_unknown',
  },
  // Round 22: ENOSPC from a write or from Go's fork/exec (which may make namespaces: clone(2)'s ENOSPC is then a
  // namespace count limit, /proc/sys/user) is not the PID space; a thread's failure is not a full disk.
  {
    line: journal(
      'dockerd[1200]',
      'time="2026-11-23T10:01:02Z" level=error msg="fork/exec /proc/self/exe: no space left on device"',
    ),
    fact: 'pid.pressure',
  },
  {
    line: journal('containerd[900]', 'write /var/lib/containerd/tmpmounts/x: no space left on device'),
    fact: 'pid.pressure',
  },
  {
    line: journal('dockerd[1200]', 'runtime/cgo: pthread_create failed: No space left on device'),
    fact: 'disk.pressure',
  },
  { line: 'mkfork: No space left on device', fact: 'pid.pressure', origin: 'unknown' },
  // unshare's ENOSPC is a namespace count limit (clone(2)/unshare(2), /proc/sys/user), not the PID space.
  {
    line: 'nsexec-1[4411]: failed to unshare remaining namespaces: No space left on device',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  { line: 'Error: spawn /bin/sh ENOENT', fact: 'pid.pressure', origin: 'unknown' },
  {
    line: "thread 'main' panicked at 'failed to spawn thread: Os { code: 12, kind: OutOfMemory }'",
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  // Round 20: the kubelet's own server refused by its client (serving certificate), not the kubelet cut off.
  {
    line: klog(
      'I',
      'log.go:198',
      'http: TLS handshake error from 10.0.0.9:52044: remote error: tls: bad certificate',
    ),
    fact: 'kubelet.auth_error',
  },
  // Round 20: a start failure that is not the runtime's socket, and an unimplemented CRI version.
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: unable to load bootstrap kubeconfig: stat /etc/kubernetes/bootstrap-kubelet.conf: no such file or directory"',
    ),
    fact: 'kubelet.exits_on_runtime',
  },
  {
    line: klog(
      'E',
      'run.go:74',
      '"command failed" err="failed to run Kubelet: validate service connection: validate CRI v1 runtime API for endpoint \\"unix:///run/containerd/containerd.sock\\": rpc error: code = Unimplemented desc = unknown service runtime.v1.RuntimeService"',
    ),
    fact: 'kubelet.exits_on_runtime',
  },
  // Round 20: a report with a warning's taint, not a soft lockup's, on a NAPI poller.
  {
    line: kmsg('CPU: 1 PID: 3844 Comm: napi/eth0-8193 Tainted: G        W          6.1.150 #1'),
    fact: 'kernel.soft_lockup_netrx',
  },
  // The sync-skip line naming the runtime and the PLEG, or the container manager (a host without a controller), is
  // not the kubelet's own eviction manager.
  {
    line: journal(
      'kubelet[3475]',
      'I0727 21:08:35.638175    3475 kubelet.go:2079] skipping pod synchronization - [container runtime is down PLEG is not healthy: pleg was last seen active 3m5s ago; threshold is 3m0s]',
    ),
    fact: 'kubelet.module_start_failed',
  },
  {
    line: journal(
      'kubelet[3475]',
      'I0727 21:08:35.638175    3475 kubelet.go:2079] skipping pod synchronization - [Failed to start ContainerManager system validation failed - Following Cgroup subsystem not mounted: [memory]]',
    ),
    fact: 'kubelet.module_start_failed',
  },
  {
    line: journal(
      'kubelet[3475]',
      'I0727 21:08:35.638175    3475 eviction_manager.go:204] eviction manager: synchronize housekeeping',
    ),
    fact: 'kubelet.module_start_failed',
  },
  // Round 18: edged's other resources synced through the same bus are not its Lease.
  {
    line: journal(
      'edgecore[649]',
      'E0714 10:18:21.664493     649 send.go:61] send sync message default/configmap/app-config failed, error:timeout to get response for message 3f2c, retries: 1',
    ),
    fact: 'kubelet.heartbeat_failed',
  },
  // Round 18: a pull secret or a secret volume that does not exist is the pod's own configuration, not the path.
  {
    line: klog(
      'W',
      'kubelet_pods.go:610',
      'Unable to retrieve pull secret shop/registrypullsecret for shop/web-0 due to secret "registrypullsecret" not found.  The image pull may not succeed.',
    ),
    fact: 'kubelet.api_error',
  },
  {
    line: klog('E', 'secret.go:195', 'Couldn\'t get secret shop/web-tls: secret "web-tls" not found'),
    fact: 'kubelet.api_error',
  },
  // Round 17: the storage factory's configuration for a resource is not the datastore dial.
  {
    line: 'F1123 10:01:02.123456       1 instance.go:287] Error creating storage factory config: no storage config for apiServerIPInfo',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  // Round 17: a gRPC dial to the runtime's socket, not etcd's port; etcd rejecting a remote peer's plain EOF.
  {
    line: 'W1123 10:01:02.123456    1187 clientconn.go:1223] grpc: addrConn.createTransport failed to connect to {/run/containerd/containerd.sock  <nil> 0 <nil>}. Err :connection error: desc = "transport: Error while dialing dial unix /run/containerd/containerd.sock: connect: no such file or directory". Reconnecting...',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  {
    line: '{"level":"warn","ts":"2026-11-23T10:01:02.123Z","caller":"embed/config_logging.go:160","msg":"rejected connection","remote-addr":"10.0.3.17:40112","server-name":"","error":"EOF"}',
    fact: 'apiserver.down',
    origin: 'unknown',
  },
  // Round 16: the CgroupV1 warning event of 1.31+ is the kubelet running on cgroup v1, not refusing it.
  {
    line: '  Warning  CgroupV1                 10m                kubelet          cgroup v1 support is in maintenance mode, please migrate to cgroup v2',
    fact: 'kubelet.config_error',
    origin: 'unknown',
  },
  // Talos: the kubelet waiting on the runtime, running, its health failing; other services ended; systemd: active.
  {
    line: '[talos] service[kubelet](Waiting): Waiting for service "cri" to be "up"',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '10.5.0.2     kubelet      Running     Fail     9m3s ago      Health check failed: Get "http://127.0.0.1:10248/healthz"',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '10.5.0.2     apid         Failed      ?        9m3s ago      Failed to run service',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '  kubelet.service loaded active running kubelet: The Kubernetes Node Agent',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  {
    line: '● check-kubelet.service loaded failed failed a health check',
    fact: 'kubelet.unit_failed',
    origin: 'unknown',
  },
  // upstart: a running job, a stop's TERM, another job.
  { line: 'kubelet start/running, process 1187', fact: 'kubelet.stopped', origin: 'unknown' },
  {
    line: 'Nov 23 10:01:02 node-1 init: kubelet main process (1187) killed by TERM signal',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'Nov 23 10:01:02 node-1 init: kube-proxy main process (2001) terminated with status 2',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  // Service managers: an expected exit, a requested stop, another program, a running state.
  {
    line: '2026-11-23 10:01:02,123 INFO exited: kubelet (exit status 0; expected)',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: '2026-11-23 10:01:02,123 INFO stopped: kubelet (terminated by SIGTERM)',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: '2026-11-23 10:01:02,123 WARN exited: kube-proxy (exit status 1; not expected)',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'kubelet                          RUNNING   pid 1187, uptime 3 days, 1:02:03',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'kubelet                          RUNNING   pid 1187, uptime 3 days, 1:02:03',
    fact: 'kubelet.stopped',
    origin: 'unknown',
  },
  { line: 'kubelet (pid  1187) is running...', fact: 'kubelet.stopped', origin: 'unknown' },
  {
    line: ' kubelet                                                           [  started 3 days  ]',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: ' FAIL:  Service snap.microk8s.daemon-k8s-dqlite is not running',
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  {
    line: 'microk8s.daemon-kubelite              enabled  active    -',
    fact: 'kubelet.stopped',
    origin: 'unknown',
  },
  // The kubelet's serving certificate (kubelet-serving), never approved where nobody approves serving CSRs: its
  // :10250 certificate, not the credentials the API server takes from it.
  {
    line: klog(
      'E',
      'certificate_manager.go:579',
      '"Unhandled Error" err="kubernetes.io/kubelet-serving: certificate request was not signed: timed out waiting for the condition" logger="UnhandledError"',
    ),
    fact: 'kubelet.cert_rotation_failed',
  },
  {
    line: klog(
      'I',
      'certificate_manager.go:370',
      'kubernetes.io/kubelet-serving: Current certificate is expired',
    ),
    fact: 'kubelet.auth_error',
  },
  // A person's role the authenticator cannot map, and an application's 403 for its service account.
  {
    line: 'time="2026-11-23T10:01:02Z" level=warning msg="access denied" arn="arn:aws:iam::111122223333:role/developer" client="127.0.0.1:43510" error="identity is not mapped" method=POST path=/authenticate',
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  {
    line: journal(
      'controller[4410]',
      'E1123 10:01:02.123456 1 reflector.go:138] failed to list *v1.Pod: pods is forbidden: User "system:serviceaccount:shop:cart" cannot list resource "pods" in API group "" at the cluster scope',
    ),
    fact: 'kubelet.auth_error',
    origin: 'unknown',
  },
  // The DNS configurer's warning that the resolver file has more nameservers than a pod takes: it drops the extra
  // ones and carries on. A sandbox failing in the runtime (an open(2) after the runtime's words) is not the kubelet's.
  {
    line: klog(
      'E',
      'dns.go:153',
      '"Nameserver limits exceeded" err="Nameserver limits were exceeded, some nameservers have been omitted, the applied nameserver line is: 10.0.0.2 10.0.0.3 10.0.0.4"',
    ),
    fact: 'kubelet.sandbox_config_failed',
  },
  {
    line: klog(
      'E',
      'kuberuntime_manager.go:1171',
      '"CreatePodSandbox for pod failed" err="rpc error: code = Unknown desc = failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: open /proc/sys/net/ipv4/ip_unprivileged_port_start: no such file or directory: unknown" pod="default/web-0"',
    ),
    fact: 'kubelet.sandbox_config_failed',
  },
  // Registration refused by a remote API server: not a loopback path.
  {
    line: klog(
      'E',
      'kubelet_node_status.go:92',
      '"Unable to register node with API server" err="Post \\"https://10.0.0.10:6443/api/v1/nodes\\": dial tcp 10.0.0.10:6443: connect: connection refused" node="node-7"',
    ),
    fact: 'kubelet.api_via_loopback',
  },
  // A DaemonSet pod's tolerations of the pressure taints; a node whose pressure conditions are all False.
  {
    line: 'Tolerations:                 node.kubernetes.io/disk-pressure:NoSchedule op=Exists',
    fact: 'disk.pressure',
  },
  {
    line: '                             node.kubernetes.io/memory-pressure:NoSchedule op=Exists',
    fact: 'mem.oom',
  },
  {
    line: '  DiskPressure     False   Mon, 23 Nov 2026 10:01:02 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure',
    fact: 'disk.pressure',
  },
  {
    line: 'Normal  NodeHasNoDiskPressure  4m  kubelet  Node node-7 status is now: NodeHasNoDiskPressure',
    fact: 'disk.pressure',
  },
  // A pod evicted for its own storage limit: no node pressure.
  {
    line: 'Warning  Evicted  3m  kubelet  Container app exceeded its local ephemeral storage limit "2Gi". ',
    fact: 'disk.pressure',
  },
  // A container's own cgroup (paused, or frozen through its pod), a slice that is thawed; a clean mount; the
  // hung-task sysctl's value.
  {
    line: '/sys/fs/cgroup/freezer/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod12.slice/cri-containerd-4f2a9c1e0b7d3a5f8e6c2b1a0d9f8e7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e.scope/freezer.state:FROZEN',
    fact: 'cgroup.pods_frozen',
    origin: 'unknown',
  },
  {
    line: '/sys/fs/cgroup/freezer/kubepods.slice/freezer.state:THAWED',
    fact: 'cgroup.pods_frozen',
    origin: 'unknown',
  },
  {
    line: '/sys/fs/cgroup/kubepods.slice/cgroup.events:frozen 0',
    fact: 'cgroup.pods_frozen',
    origin: 'unknown',
  },
  {
    line: kmsg('EXT4-fs (sda1): mounted filesystem with ordered data mode. Opts: (null)'),
    fact: 'fs.corrupt',
  },
  { line: kmsg('XFS (sdb1): Mounting V5 Filesystem'), fact: 'fs.corrupt' },
  { line: 'kernel.hung_task_timeout_secs = 120', fact: 'kernel.hung_task', origin: 'unknown' },
  // The Go runtime out of threads is a PID limit, not a kubelet bug.
  { line: journal('kubelet[1893]', 'fatal error: newosproc'), fact: 'kubelet.panic' },
  // A pod's own PID limit is not the runtime's unit, nor a node-level cgroup; a non-blocking read's EAGAIN is no fork.
  {
    line: kmsg(
      'cgroup: fork rejected by pids controller in /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod12.slice',
    ),
    fact: 'pid.cgroup_limit',
  },
  {
    line: kmsg('cgroup: fork rejected by pids controller in /system.slice/docker-4f2a9c1e0b7d3a5f.scope'),
    fact: 'pid.runtime_unit_limit',
  },
  {
    line: 'read tcp 10.0.0.5:443: read: resource temporarily unavailable',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  {
    line: 'flock /var/run/app.lock: Resource temporarily unavailable',
    fact: 'pid.pressure',
    origin: 'unknown',
  },
  // logrus' fatal from the runtime is the runtime's, not the kubelet's death
  {
    line: journal(
      'containerd[812]',
      'time="2026-11-23T10:01:02Z" level=fatal msg="Failed to run CRI service" error="failed to recover state"',
    ),
    fact: 'kubelet.dead',
    origin: 'unknown',
  },
  // etcd's other "took too long": a leader transfer timing out is not the disk
  {
    line: journal('etcd[900]', 'etcdserver: request timed out, leader transfer took too long'),
    fact: 'etcd.slow_disk',
    origin: 'unknown',
  },
  // the kubelet loading its config file fine
  {
    line: klog('I', 'server.go:415', '"Kubelet version" kubeletVersion="v1.28.3"'),
    fact: 'kubelet.config_error',
  },
  // A cgroup path that does not exist is a cAdvisor defect, not inotify exhaustion; a vanished cgroup is a race.
  {
    line: klog(
      'E',
      'kubelet.go:1431',
      '"Failed to start cAdvisor" err="inotify_add_watch /sys/fs/cgroup/cpuacct,cpu: no such file or directory"',
    ),
    fact: 'fd.inotify',
  },
  {
    line: klog('E', 'kubelet.go:1431', '"Failed to start cAdvisor" err="inotify_init: too many open files"'),
    fact: 'kubelet.cadvisor_cgroup_path',
  },
  {
    line: klog(
      'E',
      'manager.go:1123',
      'Error while processing event ("/sys/fs/cgroup/devices/kubepods/pod1/abc": 0x40000100 == IN_CREATE|IN_ISDIR): inotify_add_watch /sys/fs/cgroup/devices/kubepods/pod1/abc: no such file or directory',
    ),
    fact: 'fd.watch_error',
  },
  // A lease failure that names the network cause is an API error, not a bare heartbeat failure.
  {
    line: klog(
      'E',
      'controller.go:145',
      '"Failed to ensure lease exists, will retry" err="Get \\"https://10.0.0.1:6443/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/node-7?timeout=10s\\": dial tcp 10.0.0.1:6443: connect: connection refused" interval="7s"',
    ),
    fact: 'kubelet.heartbeat_failed',
  },
  // The Node authorizer's name mismatch is its own fact, not a generic credential rejection.
  {
    line: klog(
      'E',
      'controller.go:145',
      '"Failed to ensure lease exists, will retry" err="leases.coordination.k8s.io \\"node-7\\" is forbidden: User \\"system:node:node-7-old\\" cannot get resource \\"leases\\" in API group \\"coordination.k8s.io\\" in the namespace \\"kube-node-lease\\": can only access node lease with the same name as the requesting node" interval="7s"',
    ),
    fact: 'kubelet.auth_error',
  },
  // An application's gRPC limit is not the kubelet's list call.
  {
    line: journal(
      'myapp[77]',
      'rpc error: code = ResourceExhausted desc = grpc: received message larger than max (5000000 vs. 4194304)',
    ),
    fact: 'runtime.list_too_large',
  },
  // A container hitting its own limit is not node memory exhaustion.
  {
    line: kmsg(
      'Memory cgroup out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:524288kB, file-rss:0kB',
    ),
    fact: 'mem.oom',
  },
  // Disk eviction is not memory pressure.
  {
    line: klog(
      'I',
      'eviction_manager.go:349',
      '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"',
    ),
    fact: 'mem.oom',
  },
  // A corrected or recoverable hardware error stopped nothing.
  { line: kmsg('{2}[Hardware Error]: event severity: corrected'), fact: 'node.rebooting' },
  { line: kmsg('{3}[Hardware Error]: event severity: recoverable'), fact: 'node.rebooting' },
  // Memory reclaimed without evicting is no exhaustion, and nothing-to-evict needs the kubelet's wording.
  {
    line: klog(
      'I',
      'eviction_manager.go:349',
      '"Eviction manager: able to reduce resource pressure without evicting pods." resourceName="memory"',
    ),
    fact: 'mem.oom',
  },
  // IPv6 prints this for every new veth: not a link failure.
  { line: kmsg('IPv6: ADDRCONF(NETDEV_UP): eth0: link is not ready'), fact: 'network.link_down' },
  // An application's full volume, an ordinary mount, an XFS error without shutdown, a healthy NFS server.
  { line: journal('java[4242]', 'java.io.IOException: no space left on device'), fact: 'disk.pressure' },
  {
    line: kmsg('EXT4-fs (sda1): mounted filesystem with ordered data mode. Opts: (null)'),
    fact: 'disk.io_error',
  },
  { line: kmsg('XFS (sda1): xfs_log_force: error -5 returned.'), fact: 'kernel.storage_stall' },
  { line: kmsg('nfs: server 10.0.0.5 OK'), fact: 'kernel.storage_stall' },
  // Round 21: a client reconnected, a session established, a path failing over with others left, an OSD back up.
  { line: kmsg('libceph: mon1 (1)10.0.0.12:6789 session established'), fact: 'storage.remote_lost' },
  {
    line: kmsg('libceph: client4121 fsid 1b2c3d4e-0000-4000-8000-000000000001'),
    fact: 'storage.remote_lost',
  },
  { line: kmsg('libceph: osd5 up'), fact: 'storage.remote_lost' },
  { line: journal('multipathd', 'mpatha: remaining active paths: 1'), fact: 'storage.remote_lost' },
  { line: journal('multipathd', 'mpatha: remaining active paths: 10'), fact: 'storage.remote_lost' },
  { line: kmsg('device-mapper: multipath: 253:2: Failing path 8:32.'), fact: 'storage.remote_lost' },
  {
    line: journal('iscsid', 'connection1:0 is operational after recovery (3 attempts)'),
    fact: 'storage.remote_lost',
  },
  { line: kmsg(' wait_for_completion+0x12a/0x180'), fact: 'kernel.storage_stall' },
  // An application's task blocked in the kernel is a hung task, but not the runtime's.
  { line: kmsg('INFO: task java:4242 blocked for more than 120 seconds.'), fact: 'kernel.hung_task_runtime' },
  // A shim (its comm cut to 15 characters) is not the runtime's daemon; nor is docker-containe, which is either.
  {
    line: kmsg('INFO: task containerd-shim:4242 blocked for more than 120 seconds.'),
    fact: 'kernel.hung_task_daemon',
  },
  {
    line: kmsg('INFO: task docker-containe:4242 blocked for more than 120 seconds.'),
    fact: 'kernel.hung_task_daemon',
  },
  // Another panic is not the watchdogs'; a soft lockup on a workload's task is not an agent's.
  { line: kmsg('Kernel panic - not syncing: Fatal exception in interrupt'), fact: 'kernel.watchdog_panic' },
  {
    line: kmsg('watchdog: BUG: soft lockup - CPU#2 stuck for 23s! [java:4242]'),
    fact: 'kernel.soft_lockup_agent',
  },
  // The certificate rotated normally: not a rotation failure, not a credential rejection.
  {
    line: klog(
      'I',
      'transport.go:147',
      '"Certificate rotation detected, shutting down client connections to start using new credentials"',
    ),
    fact: 'kubelet.auth_error',
  },
  // Round 18 near misses: a kubelet that has its API server, a flag it only deprecates, another program's flag
  // parse, probes that do not name the kubelet, Rancher waiting on a kubelet version, a node that did register.
  {
    line: klog('I', 'kubelet_node_status.go:73', '"Attempting to register node" node="node-7"'),
    fact: 'kubelet.no_api_server',
  },
  {
    line: klog(
      'W',
      'server.go:214',
      'Flag --network-plugin has been deprecated, will be removed along with dockershim.',
    ),
    fact: 'kubelet.config_error',
  },
  {
    line: `Nov 23 10:01:02 ${NODE} kube-proxy[932]: unknown flag: --masquerade-all-x`,
    fact: 'kubelet.config_error',
  },
  { line: 'configuring worker node(s) pool-wk-7f9c2: waiting for probes: calico', fact: 'kubelet.dead' },
  { line: 'configuring worker node(s) pool-wk-7f9c2: waiting for kubelet to update', fact: 'kubelet.dead' },
  { line: '[kubelet-check] The kubelet is healthy after 1.002s', fact: 'kubelet.dead' },
  {
    line: 'Machine md-0-7d9f-x2kq: NodeHealthy: True, node ref set to md-0-7d9f-x2kq',
    fact: 'kubelet.not_registered',
  },
  // Round 26 (r26-sandbox): the neighbour table's settings and a garbage collection, not an overflow; a netlink bind
  // refused for permission (an unprivileged user), not the table.
  { line: 'net.ipv4.neigh.default.gc_thresh3 = 1024', fact: 'net.neigh_overflow' },
  { line: kmsg('neighbour: arp_cache: forced garbage collection'), fact: 'net.neigh_overflow' },
  { line: 'Cannot bind netlink socket: Operation not permitted', fact: 'ns.create_refused' },
];

function scan(example: Example): FactSet {
  const facts = new FactSet();
  scanText(example.line, 'logs.test', example.origin ?? 'kubelet', facts);
  return facts;
}

/** Whether the line is the rule's own message (its pattern and attribution), as the scanner decides. */
function ruleMatches(rule: Signature, example: Example): boolean {
  const parsed = parseLogLine(example.line, example.origin ?? 'kubelet');
  if (rule.fact !== example.fact || !new RegExp(rule.pattern).test(parsed.message)) return false;
  if (rule.unless && new RegExp(rule.unless).test(parsed.message)) return false;
  return (
    rule.from === undefined ||
    rule.from.includes(parsed.component) ||
    (parsed.component === 'unknown' && !rule.strict)
  );
}

const RULE_SETS = [
  { name: 'kubelet', rules: KUBELET_RULES, examples: KUBELET_EXAMPLES },
  { name: 'kernel', rules: KERNEL_RULES, examples: KERNEL_EXAMPLES },
  { name: 'npd', rules: NPD_RULES, examples: NPD_EXAMPLES },
];

describe.each(RULE_SETS)('$name rules', ({ rules, examples }) => {
  it.each(examples.map((e) => [e.fact, e.line, e] as const))('%s ← %s', (fact, _line, example) => {
    expect(scan(example).ids()).toContain(fact);
    expectLiteralsHeld(example.line);
  });

  it('every rule says where its message comes from and what it means', () => {
    for (const rule of rules) {
      expect(rule.source, rule.pattern).toMatch(
        /^(?:kubernetes|linux|go|grpc-go|cadvisor|systemd|bash|dash|openjdk|procps|node-problem-detector|k3s-io\/k3s|etcd-io\/etcd|kubeedge|rancher\/remotedialer|rancher\/rancher|kubernetes-sigs\/cluster-api|Windows Service Control Manager|GNU coreutils|kubernetes-monitoring\/kubernetes-mixin|kubernetes-sigs\/aws-iam-authenticator|Supervisor\/supervisor|fedora-sysv\/initscripts|OpenRC\/openrc|canonical\/microk8s|canonical\/snapd|upstart|cpython|siderolabs\/talos) /,
      );
      expect(rule.mechanism?.length ?? 0, rule.pattern).toBeGreaterThan(20);
    }
  });

  it('every rule is exercised by at least one example line', () => {
    const unexercised = rules.filter((rule) => !examples.some((e) => ruleMatches(rule, e)));
    expect(unexercised.map((r) => `${r.fact}: ${r.pattern}`)).toEqual([]);
  });
});

describe('near misses', () => {
  it.each(NEAR_MISSES.map((e) => [e.fact, e.line, e] as const))('not %s ← %s', (fact, _line, example) => {
    expect(scan(example).ids()).not.toContain(fact);
  });
});

describe('the PLEG age', () => {
  it('is read from the unhealthy message in seconds', () => {
    const example = KUBELET_EXAMPLES.find((e) => e.fact === 'pleg.unhealthy');
    if (!example) throw new Error('no PLEG example');
    expect(scan(example).max('pleg.unhealthy')).toBeCloseTo(192.5, 6);
  });
});

describe("node-problem-detector's conditions and events", () => {
  function extract(raw: Record<string, unknown>): FactSet {
    return extractFacts(EvidenceBundleSchema.parse(raw));
  }

  it('names each problem once per kind, with its config file', () => {
    for (const kind of ['condition', 'event'] as const) {
      const names = NPD_PROBLEMS.filter((p) => p.kind === kind).map((p) => p.name);
      expect(new Set(names).size).toBe(names.length);
    }
    for (const p of NPD_PROBLEMS) expect(p.source).toMatch(/^config\/[a-z-]+\.json/);
  });

  it.each(NPD_PROBLEMS.filter((p) => p.kind === 'condition').map((p) => [p.name, p.fact] as const))(
    'condition %s=True → %s',
    (type, fact) => {
      const set = extract({
        conditions: [{ type, status: 'True', reason: type, message: 'reported by NPD' }],
      });
      expect(set.ids()).toContain(fact);
    },
  );

  it('a condition that is False is no problem', () => {
    const set = extract({
      conditions: [{ type: 'ReadonlyFilesystem', status: 'False', reason: 'FilesystemIsNotReadOnly' }],
    });
    expect(set.has('fs.readonly')).toBe(false);
  });

  it.each(NPD_PROBLEMS.filter((p) => p.kind === 'event').map((p) => [p.name, p.fact] as const))(
    'event %s → %s',
    (reason, fact) => {
      const set = extract({
        events: [
          {
            type: 'Warning',
            reason,
            message: 'reported by NPD',
            involvedObject: { kind: 'Node', name: NODE },
          },
        ],
      });
      expect(set.ids()).toContain(fact);
    },
  );

  it("tells a container's OOM kill from node memory exhaustion by the OOMKilling event's kernel line", () => {
    const event = (message: string) => ({
      type: 'Warning',
      reason: 'OOMKilling',
      message,
      source: { component: 'kernel-monitor' },
      involvedObject: { kind: 'Node', name: NODE },
    });
    const memcg = extract({
      events: [
        event(
          'Memory cgroup out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:524288kB, file-rss:0kB',
        ),
      ],
    });
    expect(memcg.has('mem.cgroup_oom')).toBe(true);
    expect(memcg.has('mem.oom')).toBe(false);
    const global = extract({
      events: [
        event(
          'Out of memory: Killed process 23145 (java) total-vm:8388608kB, anon-rss:6291456kB, file-rss:0kB',
        ),
      ],
    });
    expect(global.has('mem.oom')).toBe(true);
  });

  it("reads the evicted resource from the kubelet's EvictionThresholdMet event", () => {
    const event = (message: string) => ({
      type: 'Warning',
      reason: 'EvictionThresholdMet',
      message,
      source: { component: 'kubelet' },
      involvedObject: { kind: 'Node', name: NODE },
    });
    const disk = extract({ events: [event('Attempting to reclaim ephemeral-storage')] });
    expect(disk.has('disk.pressure')).toBe(true);
    expect(disk.has('mem.oom')).toBe(false);
    expect(extract({ events: [event('Attempting to reclaim memory')] }).has('mem.oom')).toBe(true);
  });
});

describe('mechanisms these rules establish, end to end', () => {
  function top(logs: Record<string, string>, conditions: unknown[] = []) {
    const d = diagnose(EvidenceBundleSchema.parse({ node: NODE, logs, conditions }));
    return d.causes[0];
  }
  const unknownReady = {
    type: 'Ready',
    status: 'Unknown',
    reason: 'NodeStatusUnknown',
    message: 'Kubelet stopped posting node status.',
  };

  it('a cgroup path cAdvisor cannot watch is a kubelet defect, explained as such', () => {
    const cause = top({
      kubelet: [
        klog(
          'E',
          'kubelet.go:1431',
          '"Failed to start cAdvisor" err="inotify_add_watch /sys/fs/cgroup/cpuacct,cpu: no such file or directory"',
        ),
        journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=255/EXCEPTION'),
      ].join('\n'),
    });
    expect(cause?.id).toBe('kubelet_defect');
    expect(cause?.summary).toMatch(/cgroup path/);
    expect(cause?.commands.map((c) => c.command)).toContain('grep cgroup /proc/self/mountinfo');
  });

  it('a credential naming another node is why the node went Unknown', () => {
    const cause = top(
      {
        kubelet: klog(
          'E',
          'controller.go:145',
          '"Failed to ensure lease exists, will retry" err="leases.coordination.k8s.io \\"node-7\\" is forbidden: User \\"system:node:node-7-old\\" cannot get resource \\"leases\\" in API group \\"coordination.k8s.io\\" in the namespace \\"kube-node-lease\\": can only access node lease with the same name as the requesting node" interval="7s"',
        ),
      },
      [unknownReady],
    );
    expect(cause?.id).toBe('node_unreachable');
    expect(cause?.summary).toMatch(/different node/);
  });

  it('a list answer over the gRPC limit is too many containers, not a broken runtime', () => {
    const cause = top({
      kubelet: klog(
        'E',
        'generic.go:241',
        '"GenericPLEG: Unable to retrieve pods" err="rpc error: code = ResourceExhausted desc = grpc: received message larger than max (16779332 vs. 16777216)"',
      ),
    });
    expect(cause?.id).toBe('container_count');
  });

  it('a leaked network device blocking namespace teardown points at the CNI teardown path', () => {
    const cause = top({
      kernel: kmsg('unregister_netdevice: waiting for eth0 to become free. Usage count = 1'),
    });
    expect(cause?.id).toBe('cni_hang');
  });

  it('a runtime task blocked on an NFS server is a wedged container in D state', () => {
    const cause = top({
      kernel: [
        kmsg('nfs: server 10.0.0.5 not responding, still trying'),
        kmsg('INFO: task containerd-shim:4242 blocked for more than 120 seconds.'),
        kmsg(' rpc_wait_bit_killable+0x24/0xb0 [sunrpc]'),
      ].join('\n'),
    });
    expect(cause?.id).toBe('zombie_shim_hang');
  });
});
