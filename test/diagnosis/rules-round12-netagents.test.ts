import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { diagnoseText } from '../../shared/diagnosis/diagnose-text.ts';
import { ids, journal, klog } from '../support/node-lines.ts';

/**
 * Round 12: the network plugins' node agents (aws-node's ipamd, flanneld, calico-node) write the node's CNI
 * configuration, or the subnet file their CNI plugin reads, only once their start-up is done. Their start-up fatals,
 * mined from their sources into rules/catalogue/{aws-vpc-cni,flannel,calico-node}, keep the pod network from ever
 * coming up: cni_hang, whatever name the log arrives under. Their normal chatter, and a retry that then succeeds,
 * are not.
 */

/** aws-node's zap JSON, as its container log and /var/log/aws-routed-eni/ipamd.log carry it. */
const zap = (level: string, caller: string, msg: string) =>
  JSON.stringify({ level, ts: '2026-11-26T10:00:05.123Z', caller, msg });
/** flanneld's klog lines. */
const flannel = (severity: string, file: string, text: string) =>
  `${severity}1126 10:00:01.102897       1 ${file}] ${text}`;
/** calico-node's own header. */
const calico = (level: string, file: string, text: string) =>
  `2026-11-26 10:00:01.123 [${level}][9] ${file}: ${text}`;

const networkNotReady = klog(
  'E',
  'kubelet.go:2373',
  '"Container runtime network not ready" networkReady="NetworkReady=false reason:NetworkPluginNotReady message:Network plugin returns error: cni plugin not initialized"',
);

const AWS_NODE_STARTS = [
  zap('info', 'aws-vpc-cni/main.go:430', 'Starting IPAM daemon... '),
  zap('info', 'aws-k8s-agent/main.go:49', 'Starting L-IPAMD v1.19.2  ...'),
  zap('info', 'k8sapi/k8sutils.go:156', 'Testing communication with server'),
  zap('info', 'aws-vpc-cni/main.go:445', 'Checking for IPAM connectivity... '),
];
const AWS_NODE_UP = [
  zap(
    'info',
    'k8sapi/k8sutils.go:169',
    'Successful communication with the Cluster! Cluster Version is: v1.31. git version: v1.31.4-eks-2d5f260. git tree state: clean. commit: 4c2e6b7. platform: linux/amd64',
  ),
  zap('info', 'aws-vpc-cni/main.go:451', 'Copying config file... '),
  zap('info', 'aws-vpc-cni/main.go:464', 'Successfully copied CNI plugin binary and config file.'),
];
const UNAUTHORIZED = zap(
  'error',
  'aws-k8s-agent/main.go:73',
  "Initialization failure: ipamd: can not initialize with AWS SDK interface: refreshSGIDs: unable to update the ENI's SG: UnauthorizedOperation: You are not authorized to perform this operation.\n\tstatus code: 403, request id: 5c1e0f2a-7d3b-4e1f-9a2c-0b8d6e4f3a21",
);

describe("the VPC CNI's ipamd failing to start", () => {
  it('a permission EC2 refuses is cni_hang, and the mechanism names the cloud permission', () => {
    const d = diagnose({
      logs: { 'aws-node': [...AWS_NODE_STARTS, UNAUTHORIZED].join('\n'), kubelet: networkNotReady },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
    expect(d.verdict).toBe('cni_hang');
    expect(d.causes[0]?.mechanism).toMatch(/cloud permission denied/);
  });

  it('no credentials at all says so', () => {
    const d = diagnose({
      logs: {
        ipamd: zap(
          'error',
          'aws-k8s-agent/main.go:73',
          'Initialization failure: ipamd init: failed to retrieve attached ENIs info: DescribeAllENIs: failed to get local ENI metadata: NoCredentialProviders: no valid providers in chain. Deprecated.\n\tFor verbose messaging see aws.Config.CredentialsChainVerboseErrors',
        ),
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
    expect(d.causes[0]?.mechanism).toMatch(/no valid cloud credentials/);
  });

  it('aws-sdk-go-v2 (v1.21) words the same refusals its own way', () => {
    const v2 = (error: string) =>
      diagnose({
        logs: {
          'aws-node': zap(
            'error',
            'aws-k8s-agent/main.go:112',
            `Initialization failure: ipamd: can not initialize with AWS SDK interface: ${error}`,
          ),
        },
      }).causes[0];
    expect(
      v2(
        'refreshSGIDs: operation error EC2: DescribeNetworkInterfaces, https response error StatusCode: 403, RequestID: 3b2f, api error UnauthorizedOperation: You are not authorized to perform this operation.',
      )?.mechanism,
    ).toMatch(/cloud permission denied/);
    expect(
      v2(
        'get identity: get credentials: failed to refresh cached credentials, no EC2 IMDS role found, operation error ec2imds: GetMetadata, http response error StatusCode: 404',
      )?.mechanism,
    ).toMatch(/no valid cloud credentials/);
  });

  it("the agent's line inside strace's trace of its write, under a log name nobody expects", () => {
    const traced = String.raw`27    1592998431.190801 write(5, "{\"level\":\"error\",\"ts\":\"2020-06-24T11:33:51.190Z\",\"caller\":\"aws-k8s-agent/main.go:30\",\"msg\":\"Initialization failure: ipamd init: failed to retrieve attached ENIs info\"}\n", 168) = 168`;
    const d = diagnose({ logs: { strace: traced } });
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it('the same line yields the agent down under any log name', () => {
    for (const name of ['aws-node', 'kubelet', 'containerd', 'runtime', 'other', 'calico-node'])
      expect(ids({ logs: { [name]: UNAUTHORIZED } }), name).toContain('cni.agent_down');
  });

  it('pasted into a question, it is still the network plugin', () => {
    const d = diagnoseText(
      [
        'New nodes in our self-managed group stay NotReady. aws-node restarts every few minutes, its log ends with:',
        UNAUTHORIZED,
        networkNotReady,
      ].join('\n'),
    );
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it("the entrypoint's own error exit, before it copies the configuration", () => {
    const d = diagnose({
      logs: {
        'aws-node': [
          ...AWS_NODE_STARTS,
          zap('error', 'aws-vpc-cni/main.go:453', 'Failed to generate 10-awsconflist'),
        ].join('\n'),
        kubelet: networkNotReady,
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it('normal start-up chatter is nothing', () => {
    const found = ids({ logs: { 'aws-node': [...AWS_NODE_STARTS, ...AWS_NODE_UP].join('\n') } });
    expect(found).not.toContain('cni.agent_down');
    expect(found).not.toContain('cni.installer_waiting');
    expect(diagnose({ logs: { 'aws-node': [...AWS_NODE_STARTS, ...AWS_NODE_UP].join('\n') } }).verdict).toBe(
      'unknown',
    );
  });

  it('one API server time-out that the next attempt gets past is a lead at most, not a verdict', () => {
    const logs = {
      'aws-node': [
        ...AWS_NODE_STARTS,
        zap(
          'error',
          'k8sapi/k8sutils.go:164',
          'Unable to reach API Server, Get "https://172.20.0.1:443/version?timeout=5s": dial tcp 172.20.0.1:443: i/o timeout',
        ),
        ...AWS_NODE_UP,
      ].join('\n'),
    };
    expect(ids({ logs })).not.toContain('cni.agent_down');
    expect(diagnose({ logs }).verdict).not.toBe('cni_hang');
  });

  it('a restored pod rule ipamd could not list, which it carries on from, is not its start-up failing', () => {
    const logs = {
      'aws-node': [
        ...AWS_NODE_STARTS,
        zap(
          'error',
          'ipamd/ipamd.go:587',
          'During ipamd init: failed to retrieve IP rule list netlink: interrupted system call',
        ),
        ...AWS_NODE_UP,
      ].join('\n'),
    };
    expect(ids({ logs })).not.toContain('cni.agent_down');
  });

  it("another program's AccessDenied is not the network agent's", () => {
    const logs = {
      other:
        'level=error msg="failed to upload backup" error="AccessDenied: Access Denied\\n\\tstatus code: 403"',
    };
    expect(ids({ logs })).not.toContain('cni.agent_down');
  });
});

describe("flanneld's start-up exits", () => {
  const STARTS = [
    flannel('I', 'main.go:211', 'CLI flags config: {etcdEndpoints:http://127.0.0.1:4001 kubeSubnetMgr:true}'),
    flannel('I', 'kube.go:139', 'Waiting 10m0s for node controller to sync'),
    flannel('I', 'kube.go:469', 'Starting kube subnet manager'),
    flannel('I', 'main.go:231', 'Created subnet manager: Kubernetes Subnet Manager - worker-1'),
  ];

  it('no interface to use, in its journal under its own name: cni_hang', () => {
    const d = diagnose({
      logs: {
        flanneld: [
          ...STARTS,
          flannel('I', 'main.go:283', 'Determining IP address of default interface'),
          flannel(
            'E',
            'main.go:303',
            'Failed to find any valid interface to use: failed to get default interface: Unable to find default route',
          ),
        ]
          .map((l) => journal('flanneld[600]', l))
          .join('\n'),
        kubelet: networkNotReady,
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
    expect(d.verdict).toBe('cni_hang');
  });

  it('no lease because the API server does not answer its patch: cni_hang', () => {
    const d = diagnose({
      logs: {
        'kube-flannel': [
          ...STARTS,
          flannel(
            'E',
            'main.go:359',
            'Error registering network: failed to acquire lease: timeout contacting kube-api, failed to patch node "worker-1". Error: Patch "https://10.96.0.1:443/api/v1/nodes/worker-1/status": dial tcp 10.96.0.1:443: i/o timeout',
          ),
        ].join('\n'),
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it('a running flanneld writing its subnet file, and an etcd lease renewal retried, are nothing', () => {
    const logs = {
      flanneld: [
        ...STARTS,
        flannel('I', 'main.go:300', 'Using interface with name eth0 and address 10.0.1.23'),
        flannel(
          'I',
          'vxlan.go:141',
          'VXLAN config: VNI=1 Port=0 GBP=false Learning=false DirectRouting=false',
        ),
        flannel('I', 'main.go:412', 'Wrote subnet file to /run/flannel/subnet.env'),
        flannel('I', 'main.go:416', 'Running backend.'),
        flannel(
          'E',
          'local_manager.go:411',
          'Error renewing lease (trying again in 1 min): context deadline exceeded',
        ),
      ].join('\n'),
    };
    const found = ids({ logs });
    expect(found).not.toContain('cni.agent_down');
    expect(diagnose({ logs }).verdict).not.toBe('cni_hang');
  });
});

describe("calico-node's start-up exits", () => {
  const STARTS = [
    calico('INFO', 'startup/startup.go 104', 'Starting node worker-1 with version v3.28.2'),
    calico('INFO', 'startup/startup.go 436', 'Checking datastore connection'),
  ];

  it('its datastore refusing its credentials: cni_hang, and the mechanism says so', () => {
    const d = diagnose({
      logs: {
        'calico-node': [
          ...STARTS,
          calico(
            'WARNING',
            'startup/startup.go 448',
            'Connection to the datastore is unauthorized error=connection is unauthorized: Unauthorized',
          ),
          calico('WARNING', 'startup/utils.go 48', 'Terminating'),
        ].join('\n'),
        kubelet: networkNotReady,
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
    expect(d.causes[0]?.mechanism).toMatch(/datastore credentials refused/);
  });

  it('no address to autodetect: cni_hang', () => {
    const d = diagnose({
      logs: {
        calico: [
          ...STARTS,
          calico('INFO', 'startup/startup.go 460', 'Datastore connection verified'),
          calico(
            'WARNING',
            'startup/startup.go 531',
            "Couldn't autodetect an IPv4 address. If auto-detecting, choose a different autodetection method. Otherwise provide an explicit address.",
          ),
          calico('WARNING', 'startup/utils.go 48', 'Terminating'),
        ].join('\n'),
      },
    });
    expect(d.causes[0]?.id).toBe('cni_hang');
  });

  it('one datastore retry before the connection is verified, and the address monitor retrying later, are not', () => {
    const logs = {
      'calico-node': [
        ...STARTS,
        calico(
          'INFO',
          'startup/startup.go 451',
          'Hit error connecting to datastore - retry error=Get "https://10.96.0.1:443/api/v1/nodes/foo": dial tcp 10.96.0.1:443: i/o timeout',
        ),
        calico('INFO', 'startup/startup.go 460', 'Datastore connection verified'),
        calico('INFO', 'startup/startup.go 114', 'Datastore is ready'),
        calico(
          'ERROR',
          'startup/startup.go 350',
          'Unable to set node resource configuration, retrying... error=Operation cannot be fulfilled on nodes.crd.projectcalico.org "worker-1": the object has been modified',
        ),
      ].join('\n'),
    };
    expect(ids({ logs })).not.toContain('cni.agent_down');
    expect(diagnose({ logs }).verdict).not.toBe('cni_hang');
  });
});
