import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { ACTIONABLE } from '../../shared/diagnosis/rank.ts';
import { STATES, SUBJECTS } from '../../shared/diagnosis/rules/descriptions.ts';
import { ids, journal, klog, top } from '../support/node-lines.ts';

// Round 12 (docs/accuracy.md, class 1's first item and class 3's "API server refusing the nodes, in words"): the
// API server refusing the kubelet's credentials, read from the kubelet's own side (pkg/kubelet/certificate, client-go's
// certificate manager and CSR helper, 1.12 to 1.30), from the authenticator's (aws-iam-authenticator), and in
// people's words. Lines are built from the programs' format strings, sentences from the grammar's own terms.

const said = (line: string) => ({ logs: { other: line } });
type Fact = Parameters<ReturnType<typeof ids>['includes']>[0];
const reads = (line: string, fact: Fact) => expect(ids(said(line)), line).toContain(fact);
const readsNot = (line: string, fact: Fact) => expect(ids(said(line)), line).not.toContain(fact);

describe("the kubelet's side of an expired or missing credential", () => {
  it('the transport exiting on an expired client certificate is the node cut off by its credentials', () => {
    const d = diagnose({
      logs: {
        kubelet: [
          klog(
            'E',
            'transport.go:123',
            '"The currently active client certificate has expired and the server is responsive, exiting."',
          ),
          journal('systemd[1]', 'kubelet.service: Main process exited, code=exited, status=1/FAILURE'),
          journal('systemd[1]', "kubelet.service: Failed with result 'exit-code'."),
        ].join('\n'),
      },
    });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.summary).toMatch(/refuses its credentials/);
    expect(d.causes[0]?.chain.join(' ')).toMatch(/cut off by its own credentials/);
    expect(
      ids({
        logs: {
          kubelet: klog(
            'E',
            'transport.go:123',
            '"The currently active client certificate has expired and the server is responsive, exiting."',
          ),
        },
      }),
    ).toContain('kubelet.auth_error');
  });

  it("the same lines pasted without their journal prefix, in each release's wording", () => {
    for (const line of [
      // 1.12-1.19: glog/klog Fatalf
      'F1123 10:01:02.123456    1187 transport.go:108] The currently active client certificate has expired and the server is responsive, exiting.',
      'E1123 10:01:02.123456    1187 transport.go:110] The currently active client certificate has expired, but the server is not responsive. A restart may be necessary to retrieve new initial credentials.',
      // 1.20+: structured
      'E1123 10:01:02.123456    1187 transport.go:123] "The currently active client certificate has expired and the server is responsive, exiting."',
      // 1.24+: the certificate manager's own line, named by its signer
      'I1123 10:01:02.123456    1187 certificate_manager.go:370] kubernetes.io/kube-apiserver-client-kubelet: Current certificate is expired',
      // The CSR refused at bootstrap: the bootstrap token no longer accepted
      'E1123 10:01:02.123456    1187 run.go:74] "command failed" err="failed to run Kubelet: cannot create certificate signing request: Unauthorized"',
    ])
      expect(ids({ logs: { other: line } }), line).toContain('kubelet.auth_error');
  });

  it('rotation failing (the CSR denied, not approved, not signed) is a lead, the expiry beside it the verdict', () => {
    for (const line of [
      'E1123 10:01:02.123456    1187 certificate_manager.go:378] Certificate request was not signed: timed out waiting for the condition',
      'E1123 10:01:02.123456    1187 certificate_manager.go:437] Failed while requesting a signed certificate from the master: cannot create certificate signing request: Unauthorized',
      'E1123 10:01:02.123456    1187 certificate_manager.go:579] "Unhandled Error" err="kubernetes.io/kube-apiserver-client-kubelet: certificate request was not signed: certificate signing request is denied, reason: AutoDenied, message: bad node name"',
      'F1123 10:01:02.123456    1187 server.go:156] failed to run Kubelet: certificate signing request is not approved, reason: NotAllowed, message: not a node bootstrapper',
    ])
      expect(ids({ logs: { kubelet: line } }), line).toContain('kubelet.cert_rotation_failed');
    const both = diagnose({
      logs: {
        kubelet: [
          klog(
            'E',
            'certificate_manager.go:562',
            'kubernetes.io/kube-apiserver-client-kubelet: Failed while requesting a signed certificate from the control plane: cannot create certificate signing request: Unauthorized',
          ),
          klog(
            'E',
            'transport.go:123',
            '"The currently active client certificate has expired and the server is responsive, exiting."',
          ),
        ].join('\n'),
      },
    });
    expect(both.causes[0]?.id).toBe('node_unreachable');
    expect(both.causes[0]?.chain.join(' ')).toMatch(/cut off by its own credentials/);
    const commands = both.causes[0]?.commands.map((c) => c.command).join('\n') ?? '';
    expect(commands).toMatch(/kubectl get csr/);
    expect(commands).toMatch(/kubelet-client-current\.pem/);
    expect(commands).toMatch(/kubectl certificate approve/);
  });
});

describe("the API server's denials of nodes", () => {
  it("a 403 naming the node's own user, relayed by the kubelet, is the node refused", () => {
    const d = diagnose({
      logs: {
        kubelet: [
          klog(
            'E',
            'kubelet_node_status.go:96',
            '"Unable to register node with API server" err="nodes is forbidden: User \\"system:node:worker-1\\" cannot create resource \\"nodes\\" in API group \\"\\" at the cluster scope" node="worker-1"',
          ),
          klog(
            'E',
            'controller.go:145',
            '"Failed to ensure lease exists, will retry" err="leases.coordination.k8s.io \\"worker-1\\" is forbidden: User \\"system:node:worker-1\\" cannot get resource \\"leases\\" in API group \\"coordination.k8s.io\\" in the namespace \\"kube-node-lease\\"" interval="7s"',
          ),
        ].join('\n'),
      },
    });
    expect(d.causes[0]?.id).toBe('node_unreachable');
    expect(d.causes[0]?.summary).toMatch(/refuses the kubelet's credentials/);
  });

  it("aws-iam-authenticator's access denied for an unmapped node role, with the kubelet's 401s", () => {
    const d = diagnose({
      logs: {
        other: journal(
          'aws-iam-authenticator[7]',
          'time="2026-11-23T10:01:02Z" level=warning msg="access denied" arn="arn:aws:iam::111122223333:role/eksctl-prod-nodegroup-ng-1-NodeInstanceRole-1A2B3C" client="127.0.0.1:43510" error="identity is not mapped" method=POST path=/authenticate',
        ),
        kubelet: klog(
          'E',
          'kubelet_node_status.go:96',
          '"Unable to register node with API server" err="Unauthorized" node="worker-1"',
        ),
      },
    });
    expect(
      ids({
        logs: {
          other:
            'level=warning msg="access denied" arn="arn:aws:iam::1:role/eks-node-role" error="identity is not mapped"',
        },
      }),
    ).toContain('kubelet.auth_error');
    expect(d.causes[0]?.id).toBe('node_unreachable');
  });
});

describe("people's words: refused, the change that refused them, every node at once", () => {
  it('the kubelet or the nodes refused, in each term of the refusal (English and Chinese)', () => {
    for (const term of STATES.authRefused.en)
      reads(
        `since this morning the kubelet ${term.trim()} on every call to the API server`,
        'kubelet.auth_error',
      );
    for (const term of STATES.authRefused.zh) reads(`节点上的kubelet${term}`, 'kubelet.auth_error');
    for (const line of [
      'the nodes get denied by the API server after the upgrade',
      'Authorization failures in the kubelet journal after the role swap',
      'kubelet 日志里全是认证失败',
      'kubelet报未授权 (Unauthorized)',
      'the kubelet lost its credentials and the node went NotReady',
      'the kubelet credentials were revoked',
      'kubelet凭证失效',
      'the kubelet client certificate was rejected',
      'kubelet证书过期，节点NotReady',
    ])
      reads(line, 'kubelet.auth_error');
  });

  it("a change to the API server's authorization or the nodes' identity, as the trigger", () => {
    for (const subject of SUBJECTS.authorization.en)
      reads(`right after the ${subject} was switched the nodes dropped`, 'kubelet.credentials_changed');
    for (const subject of SUBJECTS.nodeIdentity.en)
      reads(`a cloud agent replaced the ${subject} overnight`, 'kubelet.credentials_changed');
    for (const line of [
      "Right after the API server's authorization mode was switched, every node became NotReady.",
      'When I turn on RBAC on the kube-apiserver the workers drop out',
      'we enabled the Node authorizer yesterday',
      'someone edited the aws-auth ConfigMap',
      "a cloud agent replaced the instance's role",
      '授权模式修改为 Node,RBAC 之后',
      '运维开启了RBAC',
      '实例角色被替换',
    ])
      reads(line, 'kubelet.credentials_changed');
  });

  it('every node NotReady, active or passive, in English and Chinese', () => {
    for (const line of [
      'all nodes were marked NotReady',
      'every node became NotReady',
      'All of the nodes are Not Ready',
      'all the worker nodes went not-ready at 03:00',
      '所有节点都变成 NotReady',
      '全部节点NotReady',
    ])
      reads(line, 'nodes.all_not_ready');
  });

  it('refusal and trigger together reach a verdict; observations alone stay below the actionable bar', () => {
    const d = diagnose(
      said(
        "After a cloud agent replaced the instance's IAM role, the kubelet journal filled with authorization failures and every node became NotReady.",
      ),
    );
    expect(d.verdict).toBe('node_unreachable');
    expect(d.confidence).toBeGreaterThanOrEqual(0.5);
    expect(d.confidence).toBeLessThan(ACTIONABLE);
    const zh = diagnose(said('开启了RBAC之后，所有节点都变成 NotReady，kubelet 日志里全是认证失败'));
    expect(zh.verdict).toBe('node_unreachable');
    expect(zh.confidence).toBeLessThan(ACTIONABLE);
    // The trigger alone is a lead at most: said in words, it ties with "none of these".
    const trigger = diagnose(said('we enabled RBAC on the API server last week'));
    expect(trigger.confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('red herrings', () => {
  it("an application's 403 for its service account is not the node refused", () => {
    const line =
      'E1123 10:01:02.123456 1 reflector.go:138] failed to list *v1.Pod: pods is forbidden: User "system:serviceaccount:shop:cart" cannot list resource "pods" in API group "" at the cluster scope';
    expect(ids({ logs: { cart: journal('cart[4410]', line) } })).not.toContain('kubelet.auth_error');
    expect(ids({ logs: { other: line } })).not.toContain('kubelet.auth_error');
    readsNot(
      'our app got 403 Forbidden from the API server: User system:serviceaccount:default:app cannot list pods',
      'kubelet.auth_error',
    );
    readsNot('kubectl get nodes returns Unauthorized since this morning', 'kubelet.auth_error');
    // The kubelet refusing others on its own API, not the API server refusing the kubelet.
    readsNot('Prometheus gets 403 Forbidden scraping the kubelet on every node', 'kubelet.auth_error');
    readsNot('node-exporter returned 401 Unauthorized to the metrics server', 'kubelet.auth_error');
    readsNot(
      'kubectl logs fails: Forbidden (user=kube-apiserver-kubelet-client, verb=get, resource=nodes, subresource=proxy) from the kubelet',
      'kubelet.auth_error',
    );
    readsNot('the node image pull was denied by the registry', 'kubelet.auth_error');
    readsNot("a developer's role is not in aws-auth, access denied for them", 'kubelet.auth_error');
    expect(
      ids(
        said(
          'time="2026-11-23T10:01:02Z" level=warning msg="access denied" arn="arn:aws:iam::111122223333:role/developer" client="127.0.0.1:43510" error="identity is not mapped" method=POST path=/authenticate',
        ),
      ),
    ).not.toContain('kubelet.auth_error');
  });

  it('a certificate rotated successfully is no refusal', () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'I',
            'certificate_manager.go:356',
            'kubernetes.io/kube-apiserver-client-kubelet: Rotating certificates',
          ),
          klog(
            'I',
            'transport.go:169',
            '"Certificate rotation detected, shutting down client connections to start using new credentials"',
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).not.toContain('kubelet.auth_error');
    expect(ids(bundle)).not.toContain('kubelet.cert_rotation_failed');
    expect(diagnose(bundle).verdict).not.toBe('node_unreachable');
  });

  it("the serving certificate's CSR left pending is not the kubelet's credentials", () => {
    const bundle = {
      logs: {
        kubelet: [
          klog(
            'E',
            'certificate_manager.go:579',
            '"Unhandled Error" err="kubernetes.io/kubelet-serving: certificate request was not signed: timed out waiting for the condition" logger="UnhandledError"',
          ),
          klog(
            'E',
            'certificate_manager.go:440',
            '"Unhandled Error" err="kubernetes.io/kubelet-serving: Reached backoff limit, still unable to rotate certs: timed out waiting for the condition"',
          ),
        ].join('\n'),
      },
    };
    expect(ids(bundle)).not.toContain('kubelet.cert_rotation_failed');
    expect(top(bundle)?.id).not.toBe('node_unreachable');
  });

  it('a planned certificate renewal with the nodes Ready is no refusal and no trigger', () => {
    for (const line of [
      'We renewed the certificates with kubeadm certs renew as planned; all nodes stayed Ready.',
      'Planned maintenance: the kubelet client certificates were rotated and every node remained Ready throughout.',
      'the certificate is still valid for 200 days',
    ]) {
      readsNot(line, 'kubelet.auth_error');
      readsNot(line, 'kubelet.credentials_changed');
      readsNot(line, 'nodes.all_not_ready');
    }
  });

  it('every node NotReady for a reason the sentence names is that reason, not the common path', () => {
    readsNot(
      'All nodes went NotReady with NetworkPluginNotReady: cni config uninitialized',
      'nodes.all_not_ready',
    );
    readsNot('not all nodes were NotReady, only some of them', 'nodes.all_not_ready');
    readsNot('you should make sure that all nodes are not NotReady', 'nodes.all_not_ready');
  });
});
