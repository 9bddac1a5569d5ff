import { alternatives, HEDGES, NOT_THE_NODE, PLANNING, QUESTION, WITHIN_SENTENCE } from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 20 (r20-kubelet-trust): people's words for the trust between the kubelet and the API server broken by a
 * certificate authority's rotation: the kubelet no longer trusting the API server's certificate (Go's x509
 * UnknownAuthorityError in the kubelet's client, its kubeconfig's certificate-authority-data not holding the new
 * CA), or the API server no longer accepting the kubelet's client certificate (its client CA bundle without the
 * signer that issued it: client-go's 401 "Unauthorized"). The states are the programs' own; the sentences are
 * written from them and from the words' definitions (a CA "rotated": replaced by a new key and certificate), never
 * from a case. Read only in prose, weighed below the programs like every description.
 */

const S = WITHIN_SENTENCE;
/** The kubelet or the nodes it runs on, as the subject that is cut off. */
const NODE_SIDE = '(?:[Kk]ubelets?|[Nn]odes?|[Ww]orkers?|[Ww]orker nodes?|节点|節點|kubelet)';
/** A certificate authority by the names people give it (the cluster's, the API server's, a signer). */
const CA =
  '(?:CA|CAs|certificate authority|certificate authorities|root CA|cluster CA|signing CA|signer|signer CA|CA bundle|CA certificate|[a-z0-9-]+ CA)';
/** A CA replaced by a new one: its rotation, in a verb's forms or as a noun. */
const ROTATED =
  '(?:rotated|re-?generated|replaced|renewed|changed|rolled|rotation|rotations|rollover|regeneration|replacement)';
/** The node side failing to reach or be accepted by the API server. */
const CUT_OFF =
  "(?:NotReady|not ready|Not Ready|dead|cannot register|can ?n[o'’]t register|could ?n[o'’]t register|unable to register|fail(?:s|ed)? to register|cannot connect|can ?n[o'’]t connect|could ?n[o'’]t connect|unable to connect|Unauthorized|unauthorized|x509|not trusted|untrusted|no longer (?:accepted|trusted|valid)|rejected)";
/** Not trusting or verifying the API server's certificate. */
const DISTRUSTS =
  "(?:does ?n[o'’]t|do ?n[o'’]t|did ?n[o'’]t|no longer|can ?n[o'’]t|cannot|could ?n[o'’]t|fails? to|failed to|unable to) (?:trusts?|verif(?:y|ies)|validates?)";
const SERVER =
  '(?:the )?(?:API ?server|apiserver|kube-apiserver|api-int|API endpoint|master|control plane|server)';

/** What every description here leaves out: questions, hedges, another host, plans. */
const COMMON_UNLESS = alternatives({ en: [...HEDGES.en, ...NOT_THE_NODE, ...PLANNING], zh: HEDGES.zh }, [
  QUESTION,
]);
/** Another program's trust: a registry's, a webhook's, a browser's, an ingress's, kubectl's. */
const NOT_THE_KUBELETS =
  '[Rr]egistry|[Ww]ebhook|[Bb]rowser|[Ii]ngress|kubectl|[Hh]elm|[Dd]ocker pull|image pull|etcd';

export const TRUST_WORD_RULES: readonly Signature[] = [
  {
    // The kubelet not trusting the API server (or its certificate): Go's x509 verification failing in its client.
    fact: 'kubelet.auth_error',
    pattern: [
      `[Kk]ubelets?${S}{0,60}${DISTRUSTS} ${SERVER}`,
      `[Kk]ubelets?${S}{0,60}${DISTRUSTS} (?:the |its )?(?:new |rotated )?(?:${CA}|(?:server(?:'s|’s)? |API server(?:'s|’s)? )?certificates?)`,
      `${SERVER}(?:'s|’s)? (?:TLS |serving )?cert(?:ificate)?s? (?:is |was |are |were )?(?:not trusted|untrusted|signed by an? (?:unknown|untrusted|different|new) (?:CA|authority|certificate authority))${S}{0,80}[Kk]ubelet`,
      `[Kk]ubelet${S}{0,80}(?:lacks|needs|is missing|was missing|does not have|doesn[’']t have|did not have|didn[’']t have|never got|never received|without)${S}{0,40}(?:new|rotated|current|updated) ${CA}`,
      `kubelet${S}{0,20}(?:不信任|无法验证|無法驗證|不认|不認)${S}{0,20}(?:apiserver|API ?Server|证书|證書|CA)`,
    ].join('|'),
    literals: [
      'trust',
      'verif',
      'validat',
      'signed by',
      'lacks',
      'needs',
      'missing',
      'not have',
      "n't have",
      'n’t have',
      'never got',
      'never received',
      'without',
      '不信任',
      '无法验证',
      '無法驗證',
      '不认',
      '不認',
    ],
    unless: `${COMMON_UNLESS}|${NOT_THE_KUBELETS}`,
    observation: true,
    prose: true,
    source:
      "observation: go crypto/x509 verify.go UnknownAuthorityError (\"x509: certificate signed by unknown authority\") in the kubelet's TLS client, the API server's certificate signed by a CA its kubeconfig's certificate-authority-data does not hold (kubernetes docs \"Manual Rotation of CA Certificates\": the new CA must reach every kubelet's kubeconfig before the server's certificate changes), as people say the kubelet does not trust the API server",
    mechanism:
      "the kubelet cannot verify the API server's certificate after its CA changed: it cannot register, post status or renew its Lease, and the node is cut off by trust, not by the network",
  },
  {
    // A CA's rotation with the nodes cut off in the same sentence, in either order: the rotation did not reach the
    // kubelets' kubeconfigs (the server's new CA), or dropped the signer of their client certificates from the
    // server's client CA bundle. Both cut the kubelet off by credentials.
    fact: 'kubelet.auth_error',
    pattern: [
      `${CA}${S}{0,30}${ROTATED}${S}{0,120}${NODE_SIDE}${S}{0,80}${CUT_OFF}`,
      `${NODE_SIDE}${S}{0,80}${CUT_OFF}${S}{0,80}(?:after|since|following|because of|due to|when) (?:the |a |an |its |our )?(?:[A-Za-z0-9-]+ )?${CA}${S}{0,20}${ROTATED}`,
      `(?:CA|根证书|根證書|证书颁发机构|签发证书) ?(?:的)?(?:轮换|輪換|轮转|輪轉|更换|更換|替换|替換)${S}{0,40}(?:节点|節點|kubelet)${S}{0,40}(?:NotReady|notready|无法注册|無法註冊|连不上|連不上|认证失败|認證失敗|Unauthorized)`,
    ].join('|'),
    literals: [
      'rotat',
      'generat',
      'replac',
      'renew',
      'changed',
      'rolled',
      'rollover',
      '轮换',
      '輪換',
      '轮转',
      '輪轉',
      '更换',
      '更換',
      '替换',
      '替換',
    ],
    unless: `${COMMON_UNLESS}|${NOT_THE_KUBELETS}`,
    observation: true,
    prose: true,
    source:
      "observation: a certificate authority rotated under the nodes (kubernetes docs \"Manual Rotation of CA Certificates\": the API server's client CA bundle must keep the old signer until every kubelet's client certificate is reissued, and every kubelet's kubeconfig must hold the new CA before the server's certificate changes; kube-apiserver --client-ca-file, the kubelet's certificate-authority-data), as people tie the nodes' failure to the rotation",
    mechanism:
      "the rotation left the kubelet's credentials or its trust behind (its client certificate's signer dropped from the server's bundle, or the server's new CA missing from the kubelet's kubeconfig): every registration, status and Lease request is refused or unverifiable",
  },
];
