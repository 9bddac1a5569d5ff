// scripts/ensure-test-tools.sh (npm test's pretest) with stand-ins for apt-get and the service tools: what it asks
// of a machine that lacks every tool, without installing anything.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'ensure-test-tools.sh');
const dir = mkdtempSync(join(tmpdir(), 'pleg-test-tools-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bin = join(dir, 'bin');
const log = join(dir, 'calls.log');
const policy = join(dir, 'policy-rc.d');
function stub(name: string, body: string) {
  writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
  chmodSync(join(bin, name), 0o755);
}

it('installs the missing tools with services refused, then leaves Prometheus and Alertmanager disabled', () => {
  mkdirSync(bin);
  // Only these on PATH: every tool the script looks for is missing.
  for (const tool of ['chmod', 'rm', 'cat']) symlinkSync(`/usr/bin/${tool}`, join(bin, tool));
  stub('id', 'echo 0');
  // What a maintainer script's invoke-rc.d would be told while apt-get runs.
  stub('apt-get', `"${policy}"; echo "apt-get $* (policy-rc.d: $?)" >> "${log}"`);
  // As the real helper (init-system-helpers 1.65.2): it refuses to run outside a package's maintainer script.
  stub(
    'deb-systemd-helper',
    `[ -n "$DPKG_MAINTSCRIPT_PACKAGE" ] || { echo "deb-systemd-helper was not called from dpkg. Exiting." >&2; exit 1; }; echo "deb-systemd-helper $* (for $DPKG_MAINTSCRIPT_PACKAGE)" >> "${log}"`,
  );
  const r = spawnSync('/bin/sh', [SCRIPT], {
    env: { PATH: bin, POLICY_RC_D: policy },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  const calls = readFileSync(log, 'utf8').trim().split('\n');
  expect(calls[0]).toMatch(
    /^apt-get install -y --no-install-recommends .*prometheus.* \(policy-rc.d: 101\)$/,
  );
  expect(calls.slice(1)).toEqual([
    'deb-systemd-helper disable prometheus.service (for prometheus)',
    'deb-systemd-helper disable prometheus-alertmanager.service (for prometheus-alertmanager)',
  ]);
  // The policy it made lasts only for the install.
  expect(existsSync(policy)).toBe(false);
  expect(r.stderr).toContain(
    'prometheus-alertmanager installed for the tests, not enabled or running as a service',
  );
});
