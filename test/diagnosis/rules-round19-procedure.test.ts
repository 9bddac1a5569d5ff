import { describe, expect, it } from 'vitest';
import { ids } from '../support/node-lines.ts';

/**
 * Round 19: a reboot listed as a step of an update or a procedure is not the host crashing. node.rebooting's words
 * are a reboot nobody asked for (kernel/panic.c's panic_timeout, a reboot loop); a bare list item of steps to
 * reproduce, or steps named in a row ending in the reboot, is the procedure's (rules/descriptions.ts PROCEDURE_STEP).
 */

const said = (text: string) => ({ logs: { other: text } });

describe('a reboot as a step of a procedure', () => {
  it('a bare lettered or numbered step, and steps in a row, are not the node crashing', () => {
    for (const text of [
      '3. Action(s):\n  a. Update downloads and installs automatically\n  b. Node reboots\n4. Error: the agents fail to start',
      '1. Cordon the node\n2. Upgrade the packages\n3) The host restarts',
      'The node was drained, upgraded and rebooted, then the network plugin failed.',
      'We drain -> upgrade -> reboot every node in turn.',
    ])
      expect(ids(said(text))).not.toContain('node.rebooting');
  });

  it('near misses: a reboot with how often, or in a loop, stays the node rebooting, list item or not', () => {
    for (const text of [
      'The node reboots every 10 minutes.',
      'After the update, the node reboots in a loop.',
      '1. Node reboots randomly with a kernel panic',
      'Our nodes keep rebooting.',
    ])
      expect(ids(said(text))).toContain('node.rebooting');
  });
});
