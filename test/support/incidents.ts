import { newEpisode } from '../../shared/incidents/episode.ts';
import type { Incident } from '../../shared/incidents/model.ts';

const OPENED = new Date('2026-11-21T03:00:00.000Z');

/**
 * An open incident for `cluster/node` (`cluster/*` is the cluster-wide one), first episode, nothing posted yet,
 * saved once; `overrides` set whatever a test is about.
 */
export function incident(key: string, overrides: Partial<Incident> = {}): Incident {
  const [cluster = '', node = ''] = key.split('/');
  const kind = node === '*' ? 'cluster' : 'node';
  const fresh = newEpisode(undefined, cluster, kind === 'cluster' ? '' : node, kind, OPENED);
  return { ...fresh, key, version: 1, ...overrides };
}
