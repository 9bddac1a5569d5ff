import { alternatives, NOT_THE_NODE, PLANNING, QUESTION } from './descriptions.ts';
import type { Signature } from './types.ts';

/**
 * Round 27 (r27-storage): the kubelet's EventedPLEG feature gate and the runtime's container-events stream.
 *
 * The gate (pkg/features/kube_features.go EventedPLEG: alpha in 1.26, set to beta for 1.27 and reverted to alpha,
 * off by default, before that release; published as a known issue) makes the kubelet take pod lifecycle events from
 * the runtime's GetContainerEvents stream (pkg/kubelet/pleg/evented.go) and relist only every 300 s with a 10 min
 * threshold. The kubelet asks for the stream through the CRI client (staging/src/k8s.io/cri-client/pkg/remote_runtime.go,
 * pkg/kubelet/cri/remote before 1.31: "GetContainerEvents failed to get streaming client"); a runtime without the RPC
 * answers gRPC's Unimplemented ("unknown method GetContainerEvents for service runtime.v1.RuntimeService", grpc-go
 * server.go): containerd before 1.7.0 (its CRI plugin's container_events.go first ships in 1.7.0) and CRI-O before
 * 1.26.0 (1.25's server/cri/v1/rpc_container_events.go returns at once, a spoof "until actual support code is added").
 * evented.go retries ("Evented PLEG: Failed to get container events, retrying: "), then falls back to the generic
 * relist ("Fall back to Generic PLEG relisting since Evented PLEG is not working"). Its health is only the event
 * channel's capacity ("EventedPLEG: pleg event channel capacity is full with %v events", kubelet.ts). The gate is read
 * from the kubelet's flags (--feature-gates=...,EventedPLEG=true), its configuration (featureGates: EventedPLEG: true)
 * and its start-up line of the gates it runs with (klog "feature gates: &{map[EventedPLEG:true ...]}").
 */

const NOT_HERE = alternatives({ en: [...NOT_THE_NODE, ...PLANNING], zh: [] });
const GATE = '(?:EventedPLEG|Evented ?PLEG|[Ee]vented PLEG)';
/** A node that never turns Ready, or the kubelet's relist unhealthy. */
const NO_READY =
  "(?:[Nn]ot ?[Rr]eady|not (?:be(?:come)? |get |turn |go )?[Rr]eady|never (?:becomes?|became|gets?|got|turns?|turned|goes|went|was|is) [Rr]eady|(?:does|did) ?n[o'’]t (?:become|get|turn|go) [Rr]eady|no [Rr]eady node|PLEG is not healthy|节点(?:一直)?(?:未|不)就绪|NotReady)";
/** The gate turned off, or absent, as people say it. */
const GATE_OFF =
  '(?:without|disabl(?:e|ed|ing)|turn(?:ed|ing)? off|switch(?:ed|ing)? off|deprecat(?:e|ed|ing)|remov(?:e|ed|ing)|drop(?:ped|ping)?|revert(?:ed|ing)?|关闭了?|禁用了?|去掉了?)';
/** A run or a node that works. */
const PASSES =
  '(?:pass(?:es|ed|ing)?|succeed(?:s|ed)?|green|works?|worked|(?:became|becomes|turned|turns|went|goes|got|gets|is|was) [Rr]eady|通过|正常)';

export const EVENTED_PLEG_RULES: readonly Signature[] = [
  {
    // The gate on, in the kubelet's flags, its configuration file or its own start-up line of gates.
    fact: 'kubelet.evented_pleg_on',
    pattern: 'EventedPLEG["\']?\\s{0,3}[=:]\\s{0,3}["\']?true',
    literals: ['EventedPLEG'],
    source:
      'kubernetes pkg/features/kube_features.go EventedPLEG (alpha 1.26, beta reverted before 1.27); the kubelet\'s --feature-gates flag and KubeletConfiguration featureGates (cmd/kubelet/app/options), and its start-up klog line of the gates it runs with (cmd/kubelet/app/server.go run: "feature gates: %+v", printing map[EventedPLEG:true ...])',
    mechanism:
      "the kubelet runs with the Evented PLEG: pod lifecycle events come from the runtime's container-events stream and the relist runs only every 300 s with a 10 min threshold",
  },
  {
    // The runtime's container-events stream refused or failing: the RPC unimplemented, or the kubelet's client unable
    // to open it; the Evented PLEG retrying and falling back to the generic relist.
    fact: 'pleg.events_unsupported',
    pattern:
      'GetContainerEvents failed to get streaming client|unknown method GetContainerEvents|Evented PLEG: Failed to get container events|Fall back to Generic PLEG relisting since Evented PLEG is not working',
    literals: [
      'GetContainerEvents failed to get streaming client',
      'unknown method GetContainerEvents',
      'Evented PLEG: Failed to get container events',
      'Fall back to Generic PLEG relisting',
    ],
    source:
      'kubernetes staging/src/k8s.io/cri-client/pkg/remote_runtime.go GetContainerEvents (pkg/kubelet/cri/remote before 1.31: "GetContainerEvents failed to get streaming client"), pkg/kubelet/pleg/evented.go watchEventsChannel ("Evented PLEG: Failed to get container events, retrying: ", "Fall back to Generic PLEG relisting since Evented PLEG is not working", 1.26 on); grpc-go server.go processStreamingRPC\'s Unimplemented status ("unknown method %v for service %v"); the RPC served from containerd 1.7.0 (pkg/cri/server/container_events.go) and CRI-O 1.26.0 (server/container_events.go; 1.25 returned at once)',
    mechanism:
      "the kubelet's Evented PLEG cannot hold the runtime's container-events stream (the runtime predates it, or the stream fails): it retries, then falls back to relisting, with the gate on against a runtime that does not serve it",
  },
  {
    // People's words: with the gate on the node never turns Ready, or a run without it passes where the run with it
    // did not (EN, ZH).
    fact: 'kubelet.evented_pleg_on',
    pattern: [
      `${GATE}[^\\n]{0,160}${NO_READY}`,
      `${NO_READY}[^\\n]{0,160}(?:with|enabl(?:e|ed|ing)|turn(?:ed|ing)? on|开启了?|启用了?)[^\\n.;!?。]{0,20}${GATE}`,
      `${PASSES}[^\\n]{0,200}${GATE_OFF}[^\\n.;!?。]{0,20}${GATE}`,
      `${GATE_OFF}[^\\n.;!?。]{0,20}${GATE}[^\\n]{0,160}${PASSES}`,
    ].join('|'),
    literals: ['EventedPLEG', 'Evented PLEG'],
    unless: `${NOT_HERE}|${QUESTION}|[Ff]ixed in|backport|cherry-pick`,
    observation: true,
    prose: true,
    source:
      'observation: the EventedPLEG feature gate (kubernetes pkg/features/kube_features.go; pkg/kubelet/pleg/evented.go) named as what separates a node that turns Ready from one that does not: on, the node never Ready or its PLEG unhealthy; off (disabled, deprecated, reverted), the run passes',
    mechanism:
      "the kubelet's event-driven relist, turned on, leaves the node without a Ready condition: a defect of the gate in the releases that carried it toward beta, not of the node",
  },
];
