import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * No container engine runs here, so the Dockerfile is checked for what the deployment depends on: two stages, the
 * packed package installed without devDependencies, a numeric non-root user (Kubernetes' runAsNonRoot can only
 * verify a number), the server as the command, and the same image name in the Dockerfile, README and manifests.
 */
const REPO = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { name: string; version: string };

interface Instruction {
  op: string;
  args: string;
}
interface Stage {
  from: string;
  name?: string;
  instructions: Instruction[];
}

/** Dockerfile → stages of instructions (comments dropped, `\` continuations joined). */
function parseDockerfile(text: string): Stage[] {
  const logical = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of logical) {
    const [op = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const [from = '', as, name] = rest;
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else {
      const stage = stages.at(-1);
      if (!stage) throw new Error(`${op} before FROM`);
      stage.instructions.push({ op: op.toUpperCase(), args });
    }
  }
  return stages;
}

const dockerfile = readFileSync(join(REPO, 'infra', 'container', 'Dockerfile'), 'utf8');
const stages = parseDockerfile(dockerfile);
const build = stages[0];
const runtime = stages.at(-1);
const ops = (stage: Stage | undefined, op: string) =>
  (stage?.instructions ?? []).filter((i) => i.op === op).map((i) => i.args);

describe('infra/container/Dockerfile', () => {
  it('parses continuations and stages (the parser the checks below rely on)', () => {
    expect(parseDockerfile('FROM a AS b\n# c\nRUN x \\\n y\nFROM d\nUSER 1')).toEqual([
      { from: 'a', name: 'b', instructions: [{ op: 'RUN', args: 'x y' }] },
      { from: 'd', name: undefined, instructions: [{ op: 'USER', args: '1' }] },
    ]);
    expect(() => parseDockerfile('RUN x')).toThrow(/before FROM/);
  });

  it('builds and packs the package in a build stage', () => {
    expect(stages).toHaveLength(2);
    expect(build?.name).toBe('build');
    const runs = ops(build, 'RUN').join(' && ');
    expect(runs).toMatch(/\bnpm ci\b/);
    expect(runs).toMatch(/\bnpm run build\b.*\bnpm pack\b/);
    // npm pack fails with ENOENT when --pack-destination does not exist yet.
    const destination = /npm pack .*--pack-destination (\S+)/.exec(runs)?.[1] ?? '';
    expect(destination).not.toBe('');
    expect(runs.indexOf(`mkdir ${destination}`)).toBeGreaterThanOrEqual(0);
    expect(runs.indexOf(`mkdir ${destination}`)).toBeLessThan(runs.indexOf('npm pack'));
  });

  it('installs only the packed tarball with runtime dependencies on Node 24', () => {
    expect(runtime?.from).toMatch(/^node:24-(bookworm-slim|alpine)/);
    expect(ops(runtime, 'COPY')).toEqual([`--from=build /pkg/${pkg.name}.tgz /tmp/${pkg.name}.tgz`]);
    const install = ops(runtime, 'RUN').join(' && ');
    expect(install).toMatch(
      new RegExp(`npm install --global --omit=dev --ignore-scripts /tmp/${pkg.name}\\.tgz`),
    );
    expect(install).not.toMatch(/\bnpm ci\b|--include=dev|--production=false/);
    expect(ops(runtime, 'ENV').join(' ')).toMatch(/\bNODE_ENV=production\b/);
  });

  it("has journalctl and busctl for collect and the node agent (Debian's systemd package)", () => {
    const runs = ops(runtime, 'RUN').join(' && ');
    expect(runs).toMatch(/apt-get install -y --no-install-recommends systemd\b/);
    expect(runs).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
  });

  it('runs the built server as the numeric non-root user the manifests use', () => {
    const users = ops(runtime, 'USER');
    expect(users).toHaveLength(1);
    const [uid, gid] = (users[0] ?? '').split(':').map(Number);
    expect(uid).toBeGreaterThan(0);
    expect(gid).toBeGreaterThan(0);
    const deployment = readFileSync(join(REPO, 'infra', 'kubernetes', 'base', 'deployment.yaml'), 'utf8');
    expect(deployment).toContain(`runAsUser: ${uid}`);
    expect(deployment).toContain(`runAsGroup: ${gid}`);
    expect(ops(runtime, 'CMD')).toEqual([
      `["node", "/usr/local/lib/node_modules/${pkg.name}/dist/server.js"]`,
    ]);
    expect(ops(runtime, 'ENTRYPOINT')).toEqual([]);
    expect(ops(runtime, 'ENV').join(' ')).toMatch(/\bHOST=0\.0\.0\.0\b/);
  });

  it('keeps local installs, state and git out of the build context', () => {
    const ignored = readFileSync(join(REPO, '.dockerignore'), 'utf8').split('\n');
    for (const entry of ['node_modules', '.git', '.data', 'dist', '.dev.vars'])
      expect(ignored).toContain(entry);
  });

  it('is built under the name the manifests and the README use', () => {
    const tag = `ghcr.io/${pkg.name}/${pkg.name}:${pkg.version}`;
    const command = `docker build -f infra/container/Dockerfile -t ${tag} .`;
    expect(dockerfile).toContain(command);
    expect(readFileSync(join(REPO, 'README.md'), 'utf8')).toContain(command);
    expect(readFileSync(join(REPO, 'infra', 'kubernetes', 'base', 'deployment.yaml'), 'utf8')).toContain(
      `image: ${tag}`,
    );
  });
});
