import { expect, it } from 'vitest';
import { NotifierHandler } from '../../functions/respond/notify-handler.ts';
import type { Notification } from '../../shared/chat/notifier.ts';
import type { Job } from '../../shared/schemas/job.ts';

const base = { cluster: 'prod', node: 'worker-7', receivedAt: '2026-11-21T03:00:00.000Z' };
const bundle: Job = {
  ...base,
  kind: 'bundle',
  dedupKey: 'bundle:1',
  bundle: {
    node: 'worker-7',
    logs: {
      dockerd:
        'dockerd[1]: http: Accept error: accept unix /var/run/docker.sock: accept4: too many open files',
    },
  },
};
const alert = (status: 'firing' | 'resolved'): Job => ({
  ...base,
  kind: 'alert',
  dedupKey: `alert:1:${status}`,
  alert: {
    status,
    labels: { alertname: 'KubeNodeNotReady', node: 'worker-7' },
    annotations: {},
    startsAt: base.receivedAt,
  },
  groupKey: '{}',
  externalURL: '',
});

it('diagnoses an incident on its recent signals across batches, and forgets them once it resolves', async () => {
  const sent: Notification[] = [];
  const handler = new NotifierHandler({ notify: async (n) => void sent.push(n) });
  await handler.handle('prod', 'worker-7', [bundle]);
  await handler.handle('prod', 'worker-7', [alert('firing')]);
  expect(sent.map((n) => n.diagnosis.verdict)).toEqual(['fd_exhaustion', 'fd_exhaustion']);
  await handler.handle('prod', 'worker-7', [alert('resolved')]);
  expect(sent[2]?.state).toBe('resolved');
  await handler.handle('prod', 'worker-7', [alert('firing')]);
  expect(sent[3]?.diagnosis.verdict).toBe('unknown');
});
