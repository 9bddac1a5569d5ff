/**
 * Where container and pod counts start to matter for relist time. The kubelet's default maxPods is 110; a
 * relist inspects every container that changed, serially before 1.20, so several hundred changing containers
 * can take minutes. Below `few` containers, count cannot explain a multi-minute relist.
 */
export const CONTAINER_THRESHOLDS = {
  many: 500,
  veryMany: 1500,
  exited: 300,
  few: 200,
  manyPods: 200,
  fewPods: 60,
} as const;
