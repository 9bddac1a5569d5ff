import { describe, expect, it } from 'vitest';
import { FactSet } from '../../shared/diagnosis/facts.ts';
import { scanText } from '../../shared/diagnosis/scanner.ts';

/** The facts a line of a person's notes gives. */
function read(line: string): FactSet {
  const facts = new FactSet();
  scanText(line, 'logs.other:1', 'unknown', facts);
  return facts;
}

/**
 * Round 28 (r28-network): packets said to be lost on the node's network, its NIC, or under a named stream (UDP,
 * multicast, video; the NIC's receive ring, the softirq backlog), in English and Chinese; near misses: a loss denied,
 * a policy dropping packets, ping's report of none lost.
 */
const HITS: readonly string[] = [
  'The node network had heavy packet loss at 10:02.',
  'The NIC was dropping packets.',
  'Under a 900 Mbps UDP load the node started losing packets.',
  'The multicast video stream saw packet loss on that node.',
  'ksoftirqd at 100% and packets dropped on eth0.',
  'The RX ring overflowed and packets were dropped.',
  '网卡丢包严重',
  'UDP 视频流丢包',
  '组播流量大的时候节点网络丢包',
];

const MISSES: readonly string[] = [
  'The network showed no packet loss.',
  '10 packets transmitted, 10 received, 0% packet loss, time 9013ms',
  'The NetworkPolicy drops packets from other namespaces.',
  '网络没有丢包',
  'The disk was slow.',
];

describe('packet loss on the node, in words', () => {
  it('each sentence reads as the network path disrupted', () => {
    for (const line of HITS) expect(read(line).has('network.disrupted'), line).toBe(true);
  });
  it('near misses do not', () => {
    for (const line of MISSES) expect(read(line).has('network.disrupted'), line).toBe(false);
  });
});
