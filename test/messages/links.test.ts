import { describe, expect, it } from 'vitest';
import { loadConfig, threadPolicy } from '../../functions/config.ts';
import { consoleLines } from '../../shared/chat/console.ts';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { mergeEvidence } from '../../shared/incidents/evidence.ts';
import type { ThreadPolicy } from '../../shared/incidents/policy.ts';
import { diagnosisMessage, rootMessage } from '../../shared/messages/incidents.ts';
import { incidentLinks, linkable } from '../../shared/messages/links.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { incident } from '../support/incidents.ts';
import { validateBlocks } from '../support/slack-content.ts';

const NOW = new Date('2026-11-21T03:10:00.000Z');
const EMFILE =
  'dockerd[1]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files';

function alertWith(generatorURL: string, runbook: string): Job {
  return {
    kind: 'alert',
    dedupKey: 'alert:links',
    cluster: 'prod',
    node: 'worker-3',
    receivedAt: NOW.toISOString(),
    alert: {
      status: 'firing',
      // A label holding a URL is never a link's source.
      labels: {
        alertname: 'KubeNodeNotReady',
        node: 'worker-3',
        cluster: 'prod',
        dashboard: 'https://evil.example/',
      },
      annotations: { runbook_url: runbook },
      generatorURL,
    },
    groupKey: '{}',
    externalURL: '',
  };
}
const bundle: Job = {
  kind: 'bundle',
  dedupKey: 'bundle:worker-3',
  cluster: 'prod',
  node: 'worker-3',
  receivedAt: NOW.toISOString(),
  bundle: { node: 'worker-3', logs: { dockerd: EMFILE } },
};
const policy: Pick<ThreadPolicy, 'silences' | 'links'> = {
  silences: { durationsSeconds: [7200], onAcknowledge: false },
  links: {
    hosts: ['prometheus.example.com', 'runbooks.example.com'],
    alertmanagerUrl: 'https://am.example.com/',
    causesUrl: 'https://github.com/acme/pleg-responder/blob/main/docs/causes.md',
  },
};

function render(
  generatorURL: string,
  runbook: string,
  using: Pick<ThreadPolicy, 'silences' | 'links'> = policy,
) {
  const signals = [alertWith(generatorURL, runbook), bundle];
  const inc = incident('prod/worker-3', { signals });
  const d = diagnose(mergeEvidence('prod', 'worker-3', signals));
  const root = rootMessage(inc, d, NOW, using);
  const reply = diagnosisMessage(d, undefined, incidentLinks(inc, d, using.links));
  return { root, reply, json: JSON.stringify([root.blocks, reply.blocks]) };
}

/** The link targets of the rendered root and reply (Slack's `<url|label>`). */
const targets = (json: string) =>
  [...json.matchAll(/<(https?:[^|>]+)\|/g)].map((m) => new URL(m[1] ?? '').host);

describe('links', () => {
  it('only http(s), no credentials, nothing that breaks out of <url|label>, on an allowed host', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'https://prometheus.example.com/graph|Click here',
      'https://prometheus.example.com/graph>',
      'https://prometheus.example.com/<!channel>',
      'https://prometheus.example.com/\u0007bell',
      'https://prometheus.example.com/a b',
      'https://user:pass@prometheus.example.com/',
      'ftp://prometheus.example.com/',
      '//prometheus.example.com/graph',
      `https://prometheus.example.com/${'x'.repeat(2000)}`,
    ])
      expect(linkable(bad), bad).toBeUndefined();
    expect(linkable('https://prometheus.example.com/graph?g0.expr=up&g0.tab=1')).toBeDefined();
    expect(linkable('https://evil.example/graph', ['prometheus.example.com'])).toBeUndefined();
    expect(linkable('https://PROMETHEUS.example.com/graph', ['prometheus.example.com'])).toBeDefined();
  });

  it('the root and the reply link the query, the runbook, the prefilled silence form and the cause; Slack accepts them', () => {
    const { root, reply, json } = render(
      'https://prometheus.example.com/graph?g0.expr=up%7Bjob%3D%22kubelet%22%7D&g0.tab=1',
      'https://runbooks.example.com/node-not-ready',
    );
    expect(validateBlocks(root.blocks)).toBeUndefined();
    expect(validateBlocks(reply.blocks)).toBeUndefined();
    // `&` as an entity inside the link, as Slack requires.
    expect(json).toContain(
      '<https://prometheus.example.com/graph?g0.expr=up%7Bjob%3D%22kubelet%22%7D&amp;g0.tab=1|Prometheus query>',
    );
    expect(json).toContain('<https://runbooks.example.com/node-not-ready|Runbook>');
    expect(json).toContain(
      `<https://am.example.com/#/silences/new?filter=${encodeURIComponent('{alertname="KubeNodeNotReady",node="worker-3",cluster="prod"}')}|Silence in Alertmanager>`,
    );
    expect(json).toMatch(
      /<https:\/\/github\.com\/acme\/pleg-responder\/blob\/main\/docs\/causes\.md#fd_exhaustion\|About /,
    );
    expect(json).not.toContain('evil.example');
    // The one-duration silence control is a button.
    expect(json).toContain('"action_id":"silence"');
    expect(json).toContain('"text":"Silence 2h"');
  });

  it('a javascript: runbook or a host off LINK_HOSTS never becomes a link, nor text that could be one', () => {
    for (const [query, runbook] of [
      ['javascript:alert(document.cookie)', 'javascript:alert(1)'],
      ['https://evil.example/graph', 'data:text/html,<script>alert(1)</script>'],
      ['https://prometheus.example.com/graph|<!here>', 'https://runbooks.example.com/x>y'],
    ]) {
      const { root, reply, json } = render(query ?? '', runbook ?? '');
      expect(validateBlocks(root.blocks)).toBeUndefined();
      expect(validateBlocks(reply.blocks)).toBeUndefined();
      expect(json).not.toMatch(/javascript:|data:text|evil\.example|<!here>|Prometheus query|Runbook/);
    }
  });

  it('without LINK_HOSTS an alert’s URL links only to a host the configuration names (Alertmanager, the docs)', () => {
    const configured = threadPolicy(
      loadConfig({
        INGEST_AUTH: 'off',
        ALERTMANAGER_URL: 'http://alertmanager.monitoring:9093',
        ALERTMANAGER_EXTERNAL_URL: 'https://am.example.com',
        DOCS_URL: 'https://docs.example.com/pleg-responder/causes.html',
      }),
    );
    // Hosts nobody configured, as an alert (or anyone able to post one to Alertmanager) may name them.
    for (const host of [
      'evil.example',
      'prometheus.example.com',
      '10.0.0.7',
      'am.example.com.evil.example',
    ]) {
      const { json } = render(`https://${host}/graph?g0.expr=up`, `http://${host}/runbook`, configured);
      expect(json).not.toContain(host);
      expect(targets(json).every((t) => ['am.example.com', 'docs.example.com'].includes(t))).toBe(true);
    }
    expect(configured.links?.hosts).toEqual([
      'alertmanager.monitoring',
      'am.example.com',
      'docs.example.com',
    ]);
    // On a configured host they are links.
    const { json } = render(
      'https://am.example.com/graph?g0.expr=up',
      'https://docs.example.com/runbooks/node-not-ready',
      configured,
    );
    expect(json).toContain('<https://am.example.com/graph?g0.expr=up|Prometheus query>');
    expect(json).toContain('<https://docs.example.com/runbooks/node-not-ready|Runbook>');

    // Nothing configured: no URL from an alert is a link.
    const bare = threadPolicy(loadConfig({ INGEST_AUTH: 'off' }));
    const plain = render('https://prometheus.example.com/graph', 'https://runbooks.example.com/x', bare);
    expect(targets(plain.json)).toEqual([]);
    // LINK_HOSTS set is the whole list: configured hosts are not added to it.
    const listed = threadPolicy(
      loadConfig({
        INGEST_AUTH: 'off',
        LINK_HOSTS: 'prometheus.example.com',
        DOCS_URL: 'https://docs.example.com/c',
      }),
    );
    expect(listed.links?.hosts).toEqual(['prometheus.example.com']);
  });

  it('the console shows each link as a plain line', () => {
    const { root } = render(
      'https://prometheus.example.com/graph?g0.expr=up&g0.tab=1',
      'https://runbooks.example.com/nr',
    );
    const lines = consoleLines(root);
    expect(lines).toContain('Prometheus query: https://prometheus.example.com/graph?g0.expr=up&g0.tab=1');
    expect(lines).toContain('Runbook: https://runbooks.example.com/nr');
    expect(
      lines.some((l) =>
        l.startsWith('Silence in Alertmanager: https://am.example.com/#/silences/new?filter='),
      ),
    ).toBe(true);
  });

  it('several durations: a menu within Block Kit limits; none without Alertmanager', () => {
    const signals = [alertWith('https://prometheus.example.com/', 'https://runbooks.example.com/')];
    const inc = incident('prod/worker-3', { signals });
    const d = diagnose(mergeEvidence('prod', 'worker-3', signals));
    const many = rootMessage(inc, d, NOW, {
      silences: { durationsSeconds: [1800, 7200, 28_800, 86_400], onAcknowledge: false },
    });
    expect(validateBlocks(many.blocks)).toBeUndefined();
    const json = JSON.stringify(many.blocks);
    expect(json).toContain('"type":"static_select"');
    expect(json).toContain('"value":"incident:');
    expect(json).toContain(' 1d"');
    const none = JSON.stringify(rootMessage(inc, d, NOW, {}).blocks);
    expect(none).not.toContain('silence');
  });
});
