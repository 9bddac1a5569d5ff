/**
 * Release versions as node components print them: `v1.11.5`, `v1.10.0-rancher1-1`, `1.0.0-rc93`,
 * `1.0.0~rc93-0ubuntu1`, `17.12.1-ce`, `v1.11.5-beta.0.24+753b2dbc`, `5.4.217-126.408.amzn2.x86_64`, `20210329`.
 *
 * Only alpha/beta/rc suffixes make a pre-release (which sorts before its release). Every other suffix names a
 * build of the release (`-ce`, `-rancher1-1`, `-eks-1861c5`) and does not change its place — except for
 * distribution kernels, whose leading numeric release (`-126.408`) orders their builds, so `release` mode
 * appends it to the numeric core.
 */
export interface Version {
  core: readonly number[];
  /** Pre-release identifiers (`rc93` → ['rc', 93]); empty for a release. */
  pre: readonly (string | number)[];
}

const VERSION = /^v?(\d{1,8}(?:\.\d{1,8}){0,3})([-~+][0-9A-Za-z.~+_-]*)?$/;
const PRE_RELEASE = /^[-~.]?(alpha|beta|rc)\.?(\d*)((?:\.\d+)*)/i;
const DISTRO_RELEASE = /^-(\d+(?:\.\d+)*)/;

export type VersionMode = 'semver' | 'release';

export function parseVersion(text: string, mode: VersionMode = 'semver'): Version | undefined {
  const m = VERSION.exec(text.trim());
  if (!m?.[1]) return undefined;
  const core = m[1].split('.').map(Number);
  const suffix = m[2] ?? '';
  const pre = PRE_RELEASE.exec(suffix);
  if (pre?.[1]) {
    const numbers = [pre[2], ...(pre[3] ?? '').split('.').slice(1)].filter(
      (n) => n !== '' && n !== undefined,
    );
    return { core, pre: [pre[1].toLowerCase(), ...numbers.map(Number)] };
  }
  const distro = mode === 'release' ? DISTRO_RELEASE.exec(suffix) : null;
  return { core: distro?.[1] ? [...core, ...distro[1].split('.').map(Number)] : core, pre: [] };
}

function compareIdentifiers(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Negative, zero or positive as `a` is older than, the same as, or newer than `b` (missing parts are 0). */
export function compareVersions(a: Version, b: Version): number {
  for (let i = 0; i < Math.max(a.core.length, b.core.length); i++) {
    const d = (a.core[i] ?? 0) - (b.core[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  if (a.pre.length === 0 || b.pre.length === 0) return Math.sign(b.pre.length - a.pre.length);
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const x = a.pre[i];
    const y = b.pre[i];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const d = compareIdentifiers(x, y);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** A half-open range: from `introduced` (inclusive; open when absent) up to `fixed` (exclusive; open when absent). */
export interface VersionRange {
  introduced?: string;
  fixed?: string;
}

export function inRange(version: Version, range: VersionRange, mode: VersionMode = 'semver'): boolean {
  const bound = (text: string) => {
    const v = parseVersion(text, mode);
    if (!v) throw new Error(`invalid version bound: ${text}`);
    return v;
  };
  if (range.introduced !== undefined && compareVersions(version, bound(range.introduced)) < 0) return false;
  return range.fixed === undefined || compareVersions(version, bound(range.fixed)) < 0;
}
