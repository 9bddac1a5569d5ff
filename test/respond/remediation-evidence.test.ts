import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RespondPipeline } from '../../functions/respond/pipeline.ts';
import { SqliteIncidentStore } from '../../shared/incidents/sqlite-store.ts';
import { openStateDb } from '../../shared/queue/embedded.ts';
import type { RemediationReport } from '../../shared/remediation/model.ts';
import type { RemediationPort } from '../../shared/remediation/port.ts';
import type { Job } from '../../shared/schemas/job.ts';
import { ConsoleTranscript } from '../support/chat.ts';
import { MemoryEvidenceArchive } from '../support/evidence-archive.ts';
import { alertJob } from '../support/payloads.ts';

/** Evidence first: a Replace keeps the incident's evidence and diagnosis before any call, and none without it. */

const NOW = new Date('2026-11-21T03:05:00Z');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pleg-remedy-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function setup(archive: MemoryEvidenceArchive | undefined) {
  const order: string[] = [];
  const port: RemediationPort = {
    view: async () => ({
      nodes: [
        {
          name: 'worker-7',
          unschedulable: false,
          ready: 'False',
          replace: { via: 'karpenter', nodeClaim: 'c-1' },
        },
        ...['w-1', 'w-2', 'w-3', 'w-4'].map((name) => ({
          name,
          unschedulable: false,
          ready: 'True' as const,
          replace: { via: 'none' as const, why: 'x' },
        })),
      ],
    }),
    carryOut: async (request): Promise<RemediationReport> => {
      order.push(`carry out ${request.action}`);
      return {
        result: 'done',
        calls: [{ verb: 'delete', resource: 'nodeclaims.karpenter.sh', name: 'c-1', status: 200 }],
        replace: { via: 'karpenter', nodeClaim: 'c-1' },
      };
    },
  };
  if (archive) archive.onKeep = () => order.push('evidence kept');
  const chat = new ConsoleTranscript();
  const pipeline = new RespondPipeline({
    store: new SqliteIncidentStore(openStateDb(dir)),
    chat,
    policy: {
      channel: 'C0INC',
      reopenWindowMs: 3_600_000,
      storm: { threshold: 5, windowMs: 60_000 },
      stormEditIntervalMs: 10_000,
      remediation: {
        mode: 'on',
        allow: { cordon: [], drain: [], replace: ['U0ONCALL'], uncordon: [] },
        approvers: 1,
        approvalTtlMs: 600_000,
        maxNodes: 1,
        maxPoolPercent: 100,
      },
    },
    remediation: port,
    ...(archive ? { evidence: archive } : {}),
    now: () => NOW,
  });
  return { pipeline, order, chat };
}

const replace: Job = {
  kind: 'chat',
  dedupKey: 'chat:replace-1',
  cluster: 'prod',
  node: 'worker-7',
  receivedAt: NOW.toISOString(),
  request: { action: 'remediate', what: 'replace', override: false },
  reply: { channel: 'C0INC', user: 'U0ONCALL' },
};
const alert = alertJob('worker-7', { cluster: 'prod', receivedAt: NOW.toISOString() });

it('keeps the incident’s evidence and diagnosis before it replaces the node, and says where', async () => {
  const archive = new MemoryEvidenceArchive();
  const { pipeline, order, chat } = setup(archive);
  await pipeline.handle('prod', 'worker-7', [alert]);
  await pipeline.handle('prod', 'worker-7', [replace]);
  expect(order).toEqual(['evidence kept', 'carry out replace']);
  expect(archive.kept[0]).toMatchObject({
    incidentKey: 'prod/worker-7',
    evidence: {
      reason: expect.stringContaining('before replacing worker-7'),
      diagnosis: { node: 'worker-7' },
    },
  });
  expect(chat.calls.map((c) => c.printed).join('\n')).toContain('Evidence kept first');
});

it('does not touch the node when the evidence cannot be kept, or when there is no archive', async () => {
  const archive = new MemoryEvidenceArchive();
  archive.failing = new Error('archive unreachable');
  const failing = setup(archive);
  await failing.pipeline.handle('prod', 'worker-7', [alert]);
  await failing.pipeline.handle('prod', 'worker-7', [replace]);
  expect(failing.order).toEqual([]);
  expect(failing.chat.calls.map((c) => c.printed).join('\n')).toContain('the node was not touched');
  rmSync(dir, { recursive: true, force: true });
  dir = mkdtempSync(join(tmpdir(), 'pleg-remedy-'));
  const none = setup(undefined);
  await none.pipeline.handle('prod', 'worker-7', [alert]);
  await none.pipeline.handle('prod', 'worker-7', [replace]);
  expect(none.order).toEqual([]);
  expect(none.chat.calls.map((c) => c.printed).join('\n')).toContain('no evidence archive');
});
