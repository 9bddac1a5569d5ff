import type { Incident } from '../../shared/incidents/model.ts';

/**
 * An open incident for `cluster/node` (`cluster/*` is the cluster-wide one), first episode, nothing posted yet;
 * `overrides` set whatever a test is about.
 */
export function incident(key: string, overrides: Partial<Incident> = {}): Incident {
  const [cluster = '', node = ''] = key.split('/');
  return {
    key,
    cluster,
    node: node === '*' ? '' : node,
    kind: node === '*' ? 'cluster' : 'node',
    state: 'open',
    episode: 1,
    openedAt: '2026-11-21T03:00:00.000Z',
    updatedAt: '2026-11-21T03:00:00.000Z',
    repeats: 0,
    signals: [],
    folded: [],
    nodes: [],
    stale: false,
    pending: [],
    effects: 0,
    version: 1,
    ...overrides,
  };
}
