// The documents a user and a contributor read: the advice they give at 3 a.m., and references that still exist.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
/** A markdown section (from its heading to the next of the same level). */
function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`);
  expect(start, `no "## ${heading}"`).toBeGreaterThanOrEqual(0);
  const end = text.indexOf('\n## ', start + 4);
  return text.slice(start, end === -1 ? undefined : end);
}
const paragraphs = (text: string) => text.split(/\n\s*\n/);

describe('docs/runbooks.md: before a disruptive fix', () => {
  const runbooks = read('docs/runbooks.md');
  const safety = section(runbooks, 'Before a disruptive fix');

  it.each([
    ['how to reach a managed node', /kubectl debug node\/<node>/],
    ['SSM and cloud SSH', /aws ssm start-session[\s\S]*gcloud compute ssh/],
    ['a fix on a replaced node is lost: fix the template or AMI', /launch template or AMI[\s\S]*Karpenter/],
    ["dockerd's goroutine dump", /kill -USR1 \$\(pidof dockerd\)/],
    ["containerd's goroutine dump", /kill -USR1 \$\(pidof containerd\)/],
    ["cri-o's goroutine dump", /kill -USR1 \$\(pidof crio\)/],
    [
      'restarting containerd leaves containers running; dockerd only with live-restore',
      /Restarting containerd or cri-o leaves the containers running[\s\S]*live-restore/,
    ],
    [
      'drain hangs on a wedged runtime, pods stay Terminating, StatefulSets do not move',
      /`Terminating`[\s\S]*StatefulSet/,
    ],
    ['the out-of-service taint', /node\.kubernetes\.io\/out-of-service=nodeshutdown:NoExecute/],
    ['force deletion', /--grace-period=0 --force/],
    ['the risk of force deletion', /two writers on\s+one volume/],
  ])('says %s', (_, pattern) => {
    expect(safety).toMatch(pattern);
  });

  it('every mention of --delete-emptydir-data says that it deletes data', () => {
    for (const doc of ['docs/runbooks.md', 'CONTRIBUTING.md', 'docs/upgrading.md'])
      for (const p of paragraphs(read(doc)).filter((p) => p.includes('--delete-emptydir-data')))
        expect(p, doc).toMatch(/deletes data|contents .* are gone/);
  });

  it('systemctl daemon-reexec only with a timeout, and what to do when it hangs', () => {
    const lines = runbooks.split('\n').filter((l) => l.includes('systemctl daemon-reexec'));
    expect(lines.length).toBeGreaterThan(0);
    for (const p of paragraphs(runbooks).filter((p) => /`[^`]*systemctl daemon-reexec/.test(p))) {
      expect(p).toMatch(/`timeout \d+ systemctl daemon-reexec`/);
      expect(p).toMatch(/If it times out/);
    }
  });

  it('is linked from the sections that tell people to drain or restart', () => {
    for (const alert of ['PlegRelistStuck', 'PlegNodeNotReady'])
      expect(section(runbooks, alert)).toContain('(#before-a-disruptive-fix)');
  });
});

describe('the project documents', () => {
  it('SECURITY.md says how to report, what is in scope, and the threat model', () => {
    const security = read('SECURITY.md');
    for (const heading of ['Reporting a vulnerability', 'In scope', 'Threat model, in a page'])
      expect(security).toContain(`## ${heading}`);
  });

  it('CHANGELOG.md keeps a changelog: Unreleased first, Keep a Changelog headings only', () => {
    const changelog = read('CHANGELOG.md');
    expect(changelog).toContain('[Keep a Changelog](https://keepachangelog.com/en/1.1.0/)');
    const versions = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);
    expect(versions[0]).toBe('Unreleased');
    const kinds = new Set([...changelog.matchAll(/^### (.+)$/gm)].map((m) => m[1]));
    for (const kind of kinds)
      expect(['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security']).toContain(kind);
  });

  it.each(['CONTRIBUTING.md', 'docs/upgrading.md', 'SECURITY.md', 'CHANGELOG.md'])(
    '%s names only files and folders that exist',
    (doc) => {
      const paths = [
        ...read(doc).matchAll(/`((?:shared|functions|infra|docs|scripts|test|\.github)\/[\w./-]+)`/g),
      ].map((m) => m[1] ?? '');
      for (const path of paths) expect(existsSync(join(ROOT, path)), path).toBe(true);
    },
  );
});

describe('README.md', () => {
  const readme = read('README.md');
  /** GitHub's anchor for a heading. */
  const slug = (heading: string) =>
    heading
      .toLowerCase()
      .replace(/[^\w\- ]/g, '')
      .replace(/ /g, '-');
  const anchors = new Set([...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => slug(m[1] ?? '')));

  it('opens with the quick start and the picture of a thread, on the first screen', () => {
    const first = readme.split('\n').slice(0, 40).join('\n');
    expect(first).toContain('## Quick start');
    expect(first).toContain('pleg-responder send-test');
    const picture = /!\[[^\]]+\]\((docs\/[\w-]+\.png)\)/.exec(readme)?.[1] ?? '';
    expect(existsSync(join(ROOT, picture)), picture).toBe(true);
    // The cause table comes before the set-up details.
    expect(readme.indexOf('| `runtime_down` |')).toBeLessThan(readme.indexOf('## Set up'));
  });

  it('links only to headings it has (the table of contents included)', () => {
    const links = [...readme.matchAll(/\]\(#([\w-]+)\)/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) expect(anchors, link).toContain(link);
  });

  it("gives the rule base's size as docs/rules.md counts it", () => {
    const report = read('docs/rules.md');
    const rules = /^(\d+) rules\./m.exec(report)?.[1];
    const defects = /^## Known defects \(`defects\.ts`, (\d+)\)$/m.exec(report)?.[1];
    expect(rules && defects, 'docs/rules.md states its counts').toBeTruthy();
    expect(readme).toContain(`(${rules} rules, ${defects} known defects)`);
  });

  it('names only files and folders that exist', () => {
    const paths = [
      ...readme.matchAll(
        /(?:`|\(|@)((?:shared|functions|infra|docs|scripts|test|bench|\.github)\/[\w./-]*[\w/])/g,
      ),
    ].map((m) => m[1] ?? '');
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) expect(existsSync(join(ROOT, path)), path).toBe(true);
  });

  it('"From zero to a Slack thread": its overlay renders the responder with the image it built, and one cluster name', () => {
    const zero = section(readme, 'From zero to a Slack thread');
    const build = /docker build .* -t (\S+) \./.exec(zero)?.[1];
    const overlay = /cat > my-overlay\/kustomization\.yaml <<'EOF'\n([\s\S]*?)\n\s*EOF/.exec(zero)?.[1] ?? '';
    const dir = mkdtempSync(join(tmpdir(), 'pleg-readme-'));
    try {
      // my-overlay sits in the clone's root, as the README makes it.
      const mine = join(dir, 'my-overlay');
      mkdirSync(mine);
      writeFileSync(
        join(mine, 'kustomization.yaml'),
        overlay.replace(/^ {3}/gm, '').replace('../infra/', `${relative(mine, join(ROOT, 'infra'))}/`),
      );
      const rendered = execFileSync('kubectl', ['kustomize', mine], { encoding: 'utf8' });
      expect(rendered).toContain(`image: ${build}`);
      const cluster = /DEFAULT_CLUSTER: (\S+)/.exec(rendered)?.[1];
      const values = read('infra/alertmanager/prometheus-operator/kube-prometheus-stack-values.yaml');
      expect(/cluster: (\S+)/.exec(values)?.[1]).toBe(cluster);
      expect(zero).toContain(`\`${cluster}\` in the example files`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    for (const step of ['create-secrets.sh', 'helm install', 'kubectl apply -k my-overlay', 'npm run demo'])
      expect(zero).toContain(step);
  });
});
