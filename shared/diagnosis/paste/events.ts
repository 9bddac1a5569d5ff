import type { KubeEvent } from '../../schemas/kube-event.ts';
import { repeatCount } from './table.ts';

/**
 * An Event from one row of a kubectl table, whichever printer wrote it: `kubectl describe` (Type, Reason, Age,
 * From, Message), `kubectl get events` (LAST SEEN, TYPE, REASON, OBJECT, MESSAGE; -o wide adds SUBOBJECT,
 * SOURCE, FIRST SEEN, COUNT, NAME; -A adds NAMESPACE) and the pre-1.14 layouts (FirstSeen, LastSeen, Count,
 * From, KIND, NAME...). Cells are looked up case-insensitively with spaces removed.
 */
export function eventFromRow(
  cells: ReadonlyMap<string, string>,
  about?: KubeEvent['involvedObject'],
): KubeEvent {
  const cell = (...names: string[]): string | undefined => {
    for (const [key, value] of cells) {
      if (names.includes(key.replace(/\s+/g, '').toUpperCase()) && value !== '') return value;
    }
    return undefined;
  };
  const age = cell('AGE', 'LASTSEEN');
  const explicit = Number(cell('COUNT'));
  const count = Number.isInteger(explicit) && explicit > 0 ? explicit : repeatCount(age);
  // `kubelet, worker-3` (describe before 1.14), `{kubelet worker-3}` (older still), `kubelet`.
  const from = cell('FROM', 'SOURCE')?.replace(/^\{|\}$/g, '');
  const [component, host] = from ? from.split(/,\s*|\s+/) : [];
  const object = cell('OBJECT');
  const slash = object?.indexOf('/') ?? -1;
  const involvedObject =
    object && slash > 0
      ? { kind: capitalised(object.slice(0, slash)), name: object.slice(slash + 1) }
      : cell('KIND')
        ? { kind: cell('KIND'), name: cell('NAME') }
        : about;
  const namespace = cell('NAMESPACE');
  return {
    type: cell('TYPE'),
    reason: cell('REASON') ?? '',
    message: cell('MESSAGE') ?? '',
    count,
    involvedObject: involvedObject && namespace ? { ...involvedObject, namespace } : involvedObject,
    source: component ? { component, ...(host ? { host } : {}) } : undefined,
  };
}

/** `node/worker-3` names the kind in lower case; events carry it capitalised (`Node`). */
function capitalised(kind: string): string {
  return kind.charAt(0).toUpperCase() + kind.slice(1);
}
