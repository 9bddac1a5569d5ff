// .github/workflows/release.yml cannot run here: it is checked by a workflow validator from npm
// (@action-validator/cli: the workflow schema) and for what the release promises.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '..', '..');
const WORKFLOW = join(ROOT, '.github', 'workflows', 'release.yml');
const VALIDATOR = join(ROOT, 'node_modules', '.bin', 'action-validator');
const dir = mkdtempSync(join(tmpdir(), 'pleg-release-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, string | boolean>;
  env?: Record<string, string>;
}
interface Job {
  needs?: string | string[];
  permissions?: Record<string, string>;
  outputs?: Record<string, string>;
  steps: Step[];
}
const text = readFileSync(WORKFLOW, 'utf8');
const workflow = parse(text) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> };
const job = (name: string): Job => {
  const found = workflow.jobs[name];
  if (!found) throw new Error(`no job ${name}`);
  return found;
};
/** A GitHub Actions expression, `${{ ... }}`. */
const expr = (inner: string) => `\${{ ${inner} }}`;
const runs = (j: Job) => j.steps.map((s) => s.run ?? '').join('\n');

describe('.github/workflows/release.yml', () => {
  it('passes the workflow validator; a broken workflow does not', () => {
    const ok = spawnSync(VALIDATOR, [WORKFLOW], { encoding: 'utf8' });
    expect(ok.status, `${ok.stdout}${ok.stderr}`).toBe(0);
    const broken = join(dir, 'broken.yml');
    writeFileSync(broken, text.replace('runs-on: ubuntu-24.04', 'runs_on: ubuntu-24.04'));
    expect(spawnSync(VALIDATOR, [broken], { encoding: 'utf8' }).status).not.toBe(0);
  });

  it('releases on a version tag that matches the package, after the whole test suite', () => {
    expect(workflow.on.push.tags).toEqual(['v*.*.*']);
    expect(runs(job('test'))).toContain('npm test');
    expect(runs(job('test'))).toContain('require("./package.json").version');
    for (const name of ['npm', 'image']) expect(job(name).needs).toBe('test');
  });

  it('publishes the package with provenance, which needs the OIDC token', () => {
    expect(job('npm').permissions).toEqual({ contents: 'read', 'id-token': 'write' });
    expect(runs(job('npm'))).toContain('npm publish --provenance');
  });

  it('pushes one multi-arch image and hands its digest on', () => {
    const build = job('image').steps.find((s) => s.uses?.startsWith('docker/build-push-action@'));
    expect(build?.with).toMatchObject({
      file: 'infra/container/Dockerfile',
      platforms: 'linux/amd64,linux/arm64',
      push: true,
    });
    expect(job('image').outputs?.digest).toBe(expr('steps.build.outputs.digest'));
  });

  it('pins every action to an exact release', () => {
    const uses = Object.values(workflow.jobs).flatMap((j) =>
      j.steps.flatMap((s) => (s.uses ? [s.uses] : [])),
    );
    for (const action of uses) expect(action).toMatch(/^[\w-]+\/[\w-]+@v\d+\.\d+\.\d+$/);
  });

  it('names the image by digest in the manifests it attaches, as kustomize renders them', () => {
    const manifests = job('manifests');
    expect(manifests.needs).toEqual(['npm', 'image']);
    const step = manifests.steps.find((s) => s.run?.includes('kustomize edit set image'));
    expect(step?.env?.IMAGE).toBe(
      `${expr('needs.image.outputs.image')}@${expr('needs.image.outputs.digest')}`,
    );
    // The image name it replaces is the one the base names.
    const base = readFileSync(join(ROOT, 'infra', 'kubernetes', 'base', 'deployment.yaml'), 'utf8');
    const named = /image: ([^:\s]+):/.exec(base)?.[1];
    expect(step?.run).toContain(`"${named}=$IMAGE"`);
    // What `kustomize edit set image NAME=IMAGE@DIGEST` writes, rendered with the base as the workflow does.
    const digest = `sha256:${'ab'.repeat(32)}`;
    const overlay = join(dir, 'overlay');
    mkdirSync(overlay);
    writeFileSync(
      join(overlay, 'kustomization.yaml'),
      `resources: [${relative(overlay, join(ROOT, 'infra', 'kubernetes', 'base'))}]\nimages:\n  - name: ${named}\n    newName: ghcr.io/acme/pleg-responder\n    digest: ${digest}\n`,
    );
    const rendered = execFileSync(
      'kubectl',
      ['kustomize', overlay, '--load-restrictor=LoadRestrictionsNone'],
      {
        encoding: 'utf8',
      },
    );
    expect(rendered).toContain(`image: ghcr.io/acme/pleg-responder@${digest}`);
  });
});
