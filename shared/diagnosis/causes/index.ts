import type { CauseId } from '../../schemas/diagnosis.ts';
import { cniHang } from './cni-hang.ts';
import { containerCount } from './container-count.ts';
import { fdExhaustion } from './fd-exhaustion.ts';
import { kubeletDefect } from './kubelet-defect.ts';
import { nodeUnreachable } from './node-unreachable.ts';
import { resourceStarvation } from './resource-starvation.ts';
import { runtimeDown } from './runtime-down.ts';
import { systemdDbusStall } from './systemd-dbus-stall.ts';
import type { CauseModule } from './types.ts';
import { zombieShimHang } from './zombie-shim-hang.ts';

export const CAUSES: readonly CauseModule[] = [
  runtimeDown,
  fdExhaustion,
  zombieShimHang,
  systemdDbusStall,
  containerCount,
  nodeUnreachable,
  resourceStarvation,
  kubeletDefect,
  cniHang,
];

export const CAUSE_BY_ID = new Map<CauseId, CauseModule>(CAUSES.map((c) => [c.id, c]));
