import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findBinary } from '../../e2e/harness.ts';

/**
 * The rules that watch the responder itself (infra/prometheus/pleg-responder-operations.rules.yml), checked with
 * the real promtool: syntax, the unit tests in test/infra/rules/operations/, and what no tool checks — every alert
 * tested firing and quiet, a runbook section for each, and the PrometheusRule holding the same groups.
 */
const ROOT = join(import.meta.dirname, '..', '..', '..');
const RULES = join(ROOT, 'infra', 'prometheus', 'pleg-responder-operations.rules.yml');
const PROMETHEUS_RULE = join(ROOT, 'infra', 'prometheus', 'prometheusrule-operations.yaml');
const UNIT_TESTS = join(import.meta.dirname, 'operations', 'pleg-responder-operations.rules.test.yml');
const RUNBOOKS = readFileSync(join(ROOT, 'docs', 'runbooks.md'), 'utf8');

interface Rule {
  alert: string;
  expr: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}
const groups = (parse(readFileSync(RULES, 'utf8')) as { groups: { rules: Rule[] }[] }).groups;
const rules = groups.flatMap((g) => g.rules);
const tests = (
  parse(readFileSync(UNIT_TESTS, 'utf8')) as {
    tests: { alert_rule_test: { alertname: string; exp_alerts: unknown[] }[] }[];
  }
).tests.flatMap((t) => t.alert_rule_test);

function promtool(args: string[]): { code: number | null; output: string } {
  const r = spawnSync(findBinary('promtool'), args, { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('operations rules', () => {
  it('pass promtool check rules and their unit tests', () => {
    const checked = promtool(['check', 'rules', RULES]);
    expect(checked.code, checked.output).toBe(0);
    expect(checked.output).toContain(`SUCCESS: ${rules.length} rules found`);
    const tested = promtool(['test', 'rules', UNIT_TESTS]);
    expect(tested.code, tested.output).toBe(0);
  });

  it('test every alert firing and quiet', () => {
    for (const { alert } of rules) {
      const mine = tests.filter((t) => t.alertname === alert);
      expect(
        mine.some((t) => t.exp_alerts.length > 0),
        `${alert} never fires`,
      ).toBe(true);
      expect(
        mine.some((t) => t.exp_alerts.length === 0),
        `${alert} never stays quiet`,
      ).toBe(true);
    }
  });

  it('are PlegResponder-prefixed, with a severity and a runbook section each', () => {
    const headings = new Set([...RUNBOOKS.matchAll(/^## (.+)$/gm)].map((m) => (m[1] ?? '').toLowerCase()));
    for (const rule of rules) {
      expect(rule.alert).toMatch(/^PlegResponder[A-Z]/);
      expect(['info', 'warning', 'critical']).toContain(rule.labels.severity);
      for (const key of ['summary', 'description', 'runbook']) expect(rule.annotations[key]).toBeTruthy();
      expect(new URL(rule.annotations.runbook_url ?? '').hash).toBe(`#${rule.alert.toLowerCase()}`);
      expect(headings.has(rule.alert.toLowerCase()), `no "## ${rule.alert}" in docs/runbooks.md`).toBe(true);
    }
  });

  it('watch only metrics the responder serves', () => {
    const served = readFileSync(join(ROOT, 'functions', 'node', 'metrics.ts'), 'utf8').concat(
      readFileSync(join(ROOT, 'functions', 'ingest', 'app.ts'), 'utf8'),
    );
    for (const rule of rules) {
      for (const [, name] of rule.expr.matchAll(/\b(pleg_[a-z_]+?)(?:_bucket)?\b/g))
        expect(served, `${rule.alert}: ${name}`).toContain(`'${name}'`);
    }
  });

  it('are the same groups in the PrometheusRule', () => {
    const resource = parse(readFileSync(PROMETHEUS_RULE, 'utf8')) as {
      kind: string;
      metadata: { name: string };
      spec: { groups: unknown };
    };
    expect(resource.kind).toBe('PrometheusRule');
    expect(resource.metadata.name).toBe('pleg-responder-operations');
    expect(resource.spec.groups).toEqual(groups);
  });
});
