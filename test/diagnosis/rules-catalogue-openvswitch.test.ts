import { describe, expect, it } from 'vitest';
import { ids, top } from '../support/node-lines.ts';

/**
 * The Open vSwitch messages promoted from the catalogue (rules/catalogue/openvswitch.*, shared/diagnosis/rules/
 * catalogued.ts): the switch's node side unable to run (no kernel module, no datapath, a second ovs-vswitchd) and
 * the database file ending before its schema. Lines built from the format strings, as ovs-vswitchd's log file
 * (timestamp|sequence|module|level|message) and the tools' stderr ("program: message") write them; near misses beside.
 */

const ovs = (text: string) => ({ logs: { openvswitch: text } });
const vlog = (module: string, level: string, text: string) =>
  `2026-11-26T10:00:01.123Z|00007|${module}|${level}|${text}`;

describe('ovs-vswitchd unable to run the switch (lib/dpif-netlink.c, lib/dpif.c, vswitchd/bridge.c)', () => {
  it('the kernel module not loaded, the datapath not created, a second ovs-vswitchd', () => {
    for (const line of [
      vlog(
        'dpif_netlink',
        'INFO',
        "Generic Netlink family 'ovs_datapath' does not exist. The Open vSwitch kernel module is probably not loaded.",
      ),
      vlog('dpif', 'WARN', 'failed to create datapath ovs-system: Address family not supported by protocol'),
      vlog(
        'bridge',
        'ERR',
        'another ovs-vswitchd process is running, disabling this process (pid 4182) until it goes away',
      ),
    ])
      expect(ids(ovs(line))).toContain('cni.agent_down');
  });

  it('one line alone is a lead for the network plugin, not a confident verdict', () => {
    const first = top(
      ovs(
        vlog(
          'dpif_netlink',
          'INFO',
          "Generic Netlink family 'ovs_datapath' does not exist. The Open vSwitch kernel module is probably not loaded.",
        ),
      ),
    );
    expect(first?.id).toBe('cni_hang');
    expect(first?.confidence ?? 0).toBeLessThan(0.7);
  });

  it('near misses: an optional family missing, a datapath that exists, the bridge plugin, ports, the switch running', () => {
    for (const line of [
      vlog(
        'dpif_netlink',
        'INFO',
        "Generic Netlink family 'ovs_ct_limit' does not exist. Please update the Open vSwitch kernel module to enable the conntrack limit feature.",
      ),
      vlog('dpif_netlink', 'INFO', 'The kernel module does not support meters.'),
      vlog('dpif', 'WARN', 'system@ovs-system: failed to add veth3a1b2c as port: No such device'),
      vlog('bridge', 'INFO', 'bridge br-int: added interface veth3a1b2c on port 12'),
      vlog('bridge', 'INFO', 'ovs-vswitchd (Open vSwitch) 3.3.9'),
    ])
      expect(ids(ovs(line))).not.toContain('cni.agent_down');
  });
});

describe('the database file ending before its schema (ovsdb/storage.c ovsdb_storage_read_schema)', () => {
  it('ovsdb-tool and ovsdb-server on an empty or truncated conf.db', () => {
    for (const line of [
      'ovsdb-tool: /etc/openvswitch/conf.db: unexpected end of file reading schema',
      vlog('storage', 'EMER', '/etc/openvswitch/conf.db: unexpected end of file reading schema'),
    ])
      expect(ids(ovs(line))).toContain('cni.switch_db_locked');
  });

  it('near misses: a record after the schema that does not parse (served anyway), other end-of-file errors', () => {
    for (const line of [
      vlog(
        'ovsdb_server',
        'ERR',
        '/etc/openvswitch/conf.db: 512 bytes starting at offset 4096 are not valid JSON (line 1, column 12, byte 12: syntax error)',
      ),
      'tar: Unexpected EOF in archive',
      'unexpected end of JSON input',
    ])
      expect(ids(ovs(line))).not.toContain('cni.switch_db_locked');
  });
});
