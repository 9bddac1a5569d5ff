/**
 * What a Kubernetes distribution's release bundles: the runc and containerd inside an RKE2 or K3s release, so a
 * release string on the node (`v1.20.5+rke2r1` in the kubelet's version, `rke2 --version`, `k3s --version`) names
 * the per-container layer's versions for known-defect matching (defects.ts) when nothing else on the node prints them.
 *
 * RKE2: read from the Dockerfile at each release tag of rancher/rke2 (`FROM rancher/hardened-runc:<version>` and
 * `rancher/hardened-containerd:<version>`), every vX.Y.Z+rke2rN tag from v1.18.9+rke2r1 on. K3s: only the releases
 * whose notes' "Embedded Component Versions" table was read (k3s-io/k3s releases); a K3s release not listed names
 * nothing.
 */

export interface BundledVersions {
  runc: string;
  containerd: string;
}

export type Distribution = 'rke2' | 'k3s';

/** `<release> <runc> <containerd>`, one release a line. */
const RKE2 = `
v1.18.9+rke2r1 1.0.0-rc92 1.3.6-k3s2
v1.18.10+rke2r1 1.0.0-rc92 1.3.6-k3s2
v1.18.12+rke2r1 1.0.0-rc92 1.3.7-k3s1
v1.18.12+rke2r2 1.0.0-rc92 1.3.9-k3s1
v1.18.13+rke2r1 1.0.0-rc92 1.3.9-k3s1
v1.18.15+rke2r1 1.0.0-rc92 1.3.9-k3s1
v1.18.16+rke2r1 1.0.0-rc92 1.3.9-k3s1
v1.18.17+rke2r1 1.0.0-rc92 1.3.10-k3s4
v1.18.18+rke2r1 1.0.0-rc92 1.3.10-k3s4
v1.18.19+rke2r1 1.0.0-rc95 1.3.10-k3s4
v1.18.20+rke2r1 1.0.0-rc95 1.3.10-k3s4
v1.19.5+rke2r1 1.0.0-rc92 1.4.3-k3s2
v1.19.7+rke2r1 1.0.0-rc92 1.4.3-k3s2
v1.19.8+rke2r1 1.0.0-rc93 1.4.3-k3s3
v1.19.9+rke2r1 1.0.0-rc93 1.4.4-k3s1
v1.19.10+rke2r1 1.0.0-rc93 1.4.4-k3s1
v1.19.11+rke2r1 1.0.0-rc95 1.4.4-k3s2
v1.19.12+rke2r1 1.0.0-rc95 1.4.4-k3s2
v1.19.13+rke2r1 1.0.0-rc95 1.4.8-k3s1
v1.19.13+rke2r2 1.0.0-rc95 1.4.8-k3s1
v1.19.14+rke2r1 1.0.0-rc95 1.4.8-k3s1
v1.19.15+rke2r1 1.0.1 1.4.9-k3s1
v1.19.15+rke2r2 1.0.1 1.4.11-k3s1
v1.19.16+rke2r1 1.0.1 1.4.11-k3s1
v1.20.4+rke2r1 1.0.0-rc93 1.4.3-k3s3
v1.20.5+rke2r1 1.0.0-rc93 1.4.4-k3s1
v1.20.6+rke2r1 1.0.0-rc93 1.4.4-k3s1
v1.20.7+rke2r1 1.0.0-rc95 1.4.4-k3s2
v1.20.7+rke2r2 1.0.0-rc95 1.4.4-k3s2
v1.20.8+rke2r1 1.0.0-rc95 1.4.4-k3s2
v1.20.9+rke2r1 1.0.0-rc95 1.4.8-k3s1
v1.20.9+rke2r2 1.0.0-rc95 1.4.8-k3s1
v1.20.10+rke2r1 1.0.0-rc95 1.4.8-k3s1
v1.20.11+rke2r1 1.0.1 1.4.9-k3s1
v1.20.11+rke2r2 1.0.1 1.4.11-k3s1
v1.20.12+rke2r1 1.0.1 1.4.11-k3s1
v1.20.13+rke2r1 1.0.2 1.4.12-k3s1
v1.20.14+rke2r1 1.0.3 1.4.12-k3s1
v1.20.14+rke2r2 1.0.3 1.4.12-k3s1
v1.20.15+rke2r1 1.0.3 1.4.12-k3s1
v1.20.15+rke2r2 1.0.3 1.4.12-k3s1
v1.21.2+rke2r1 1.0.0-rc95 1.4.4-k3s2
v1.21.3+rke2r1 1.0.0 1.4.8-k3s1
v1.21.3+rke2r2 1.0.0 1.4.8-k3s1
v1.21.4+rke2r1 1.0.0 1.4.8-k3s1
v1.21.4+rke2r2 1.0.0 1.4.8-k3s1
v1.21.4+rke2r3 1.0.0 1.4.8-k3s1
v1.21.5+rke2r1 1.0.2 1.4.9-k3s1
v1.21.5+rke2r2 1.0.2 1.4.11-k3s1
v1.21.6+rke2r1 1.0.2 1.4.11-k3s1
v1.21.7+rke2r1 1.0.2 1.4.12-k3s1
v1.21.7+rke2r2 1.0.2 1.4.12-k3s1
v1.21.8+rke2r1 1.0.3 1.4.12-k3s1
v1.21.8+rke2r2 1.0.3 1.4.12-k3s1
v1.21.9+rke2r1 1.0.3 1.4.12-k3s1
v1.21.10+rke2r1 1.0.3 1.4.12-k3s1
v1.21.10+rke2r2 1.0.3 1.4.12-k3s1
v1.21.11+rke2r1 1.0.3 1.4.13-k3s1
v1.21.12+rke2r1 1.0.3 1.4.13-k3s1
v1.21.12+rke2r2 1.0.3 1.4.13-k3s1
v1.21.13+rke2r1 1.0.3 1.4.13-k3s1
v1.21.13+rke2r2 1.0.3 1.4.13-k3s1
v1.21.14+rke2r1 1.0.3 1.4.13-k3s1
v1.22.3+rke2r1 1.0.2 1.5.7-k3s2
v1.22.4+rke2r1 1.0.2 1.5.8-k3s1
v1.22.4+rke2r2 1.0.2 1.5.8-k3s1
v1.22.5+rke2r1 1.0.3 1.5.8-k3s1
v1.22.5+rke2r2 1.0.3 1.5.8-k3s1
v1.22.6+rke2r1 1.0.3 1.5.9-k3s1
v1.22.7+rke2r1 1.0.3 1.5.9-k3s1
v1.22.7+rke2r2 1.0.3 1.5.9-k3s1
v1.22.8+rke2r1 1.0.3 1.5.10-k3s1
v1.22.9+rke2r1 1.0.3 1.5.11-k3s2
v1.22.9+rke2r2 1.0.3 1.5.11-k3s2
v1.22.10+rke2r1 1.0.3 1.5.11-k3s2
v1.22.10+rke2r2 1.1.2 1.5.13-k3s1
v1.22.11+rke2r1 1.1.2 1.5.13-k3s1
v1.22.12+rke2r1 1.1.2 1.5.13-k3s1
v1.22.13+rke2r1 1.1.2 1.5.13-k3s1
v1.22.15+rke2r1 1.1.4 1.5.13-k3s1
v1.22.15+rke2r2 1.1.4 1.5.13-k3s1
v1.22.16+rke2r1 1.1.4 1.5.13-k3s1
v1.22.17+rke2r1 1.1.4 1.5.16-k3s1
v1.23.1+rke2r1 1.0.3 1.5.8-k3s2
v1.23.1+rke2r2 1.0.3 1.5.8-k3s2
v1.23.3+rke2r1 1.0.3 1.5.9-k3s1
v1.23.4+rke2r1 1.0.3 1.5.9-k3s1
v1.23.4+rke2r2 1.0.3 1.5.10-k3s1
v1.23.5+rke2r1 1.0.3 1.5.10-k3s1
v1.23.6+rke2r1 1.0.3 1.5.11-k3s2
v1.23.6+rke2r2 1.0.3 1.5.11-k3s2
v1.23.7+rke2r1 1.0.3 1.5.11-k3s2
v1.23.7+rke2r2 1.1.2 1.5.13-k3s1
v1.23.8+rke2r1 1.1.2 1.5.13-k3s1
v1.23.9+rke2r1 1.1.2 1.5.13-k3s1
v1.23.10+rke2r1 1.1.2 1.5.13-k3s1
v1.23.12+rke2r1 1.1.4 1.5.13-k3s1
v1.23.13+rke2r1 1.1.4 1.5.13-k3s1
v1.23.14+rke2r1 1.1.4 1.5.13-k3s1
v1.23.15+rke2r1 1.1.4 1.5.16-k3s1
v1.23.16+rke2r1 1.1.4 1.5.16-k3s2
v1.23.17+rke2r1 1.1.4 1.5.16-k3s2
v1.24.1+rke2r1 1.0.3 1.6.4-k3s1
v1.24.1+rke2r2 1.1.2 1.6.6-k3s1
v1.24.2+rke2r1 1.1.2 1.6.6-k3s1
v1.24.3+rke2r1 1.1.2 1.6.6-k3s1
v1.24.4+rke2r1 1.1.2 1.6.6-k3s1
v1.24.6+rke2r1 1.1.4 1.6.8-k3s1
v1.24.7+rke2r1 1.1.4 1.6.8-k3s1
v1.24.8+rke2r1 1.1.4 1.6.8-k3s1
v1.24.9+rke2r1 1.1.4 1.6.12-k3s1
v1.24.9+rke2r2 1.1.4 1.6.14-k3s1
v1.24.10+rke2r1 1.1.4 1.6.15-k3s1
v1.24.11+rke2r1 1.1.4 1.6.15-k3s1
v1.24.12+rke2r1 1.1.4 1.6.19-k3s1
v1.24.13+rke2r1 1.1.5 1.6.19-k3s1
v1.24.14+rke2r1 1.1.7 1.7.1-k3s1
v1.24.15+rke2r1 1.1.7 1.7.1-k3s1
v1.24.16+rke2r1 1.1.7 1.7.1-k3s1
v1.24.17+rke2r1 1.1.8 1.7.3-k3s1
v1.25.0+rke2r1 1.1.4 1.6.8-k3s1
v1.25.2+rke2r1 1.1.4 1.6.8-k3s1
v1.25.3+rke2r1 1.1.4 1.6.8-k3s1
v1.25.4+rke2r1 1.1.4 1.6.8-k3s1
v1.25.5+rke2r1 1.1.4 1.6.12-k3s1
v1.25.5+rke2r2 1.1.4 1.6.14-k3s1
v1.25.6+rke2r1 1.1.4 1.6.15-k3s1
v1.25.7+rke2r1 1.1.4 1.6.15-k3s1
v1.25.8+rke2r1 1.1.4 1.6.19-k3s1
v1.25.9+rke2r1 1.1.5 1.6.19-k3s1
v1.25.10+rke2r1 1.1.7 1.7.1-k3s1
v1.25.11+rke2r1 1.1.7 1.7.1-k3s1
v1.25.12+rke2r1 1.1.7 1.7.1-k3s1
v1.25.13+rke2r1 1.1.8 1.7.3-k3s1
v1.25.14+rke2r1 1.1.8 1.7.3-k3s1
v1.25.15+rke2r1 1.1.8 1.7.7-k3s1
v1.25.15+rke2r2 1.1.8 1.7.7-k3s1
v1.25.16+rke2r1 1.1.8 1.7.7-k3s1
v1.25.16+rke2r2 1.1.12 1.7.7-k3s1
v1.26.0+rke2r1 1.1.4 1.6.12-k3s1
v1.26.0+rke2r2 1.1.4 1.6.14-k3s1
v1.26.1+rke2r1 1.1.4 1.6.15-k3s1
v1.26.2+rke2r1 1.1.4 1.6.15-k3s1
v1.26.3+rke2r1 1.1.4 1.6.19-k3s1
v1.26.4+rke2r1 1.1.5 1.6.19-k3s1
v1.26.5+rke2r1 1.1.7 1.7.1-k3s1
v1.26.6+rke2r1 1.1.7 1.7.1-k3s1
v1.26.7+rke2r1 1.1.7 1.7.1-k3s1
v1.26.8+rke2r1 1.1.8 1.7.3-k3s1
v1.26.9+rke2r1 1.1.8 1.7.3-k3s1
v1.26.10+rke2r1 1.1.8 1.7.7-k3s1
v1.26.10+rke2r2 1.1.8 1.7.7-k3s1
v1.26.11+rke2r1 1.1.8 1.7.7-k3s1
v1.26.12+rke2r1 1.1.10 1.7.11-k3s2
v1.26.13+rke2r1 1.1.12 1.7.11-k3s2
v1.26.14+rke2r1 1.1.12 1.7.11-k3s2
v1.26.15+rke2r1 1.1.12 1.7.11-k3s2
v1.27.1+rke2r1 1.1.5 1.6.19-k3s1
v1.27.2+rke2r1 1.1.7 1.7.1-k3s1
v1.27.3+rke2r1 1.1.7 1.7.1-k3s1
v1.27.4+rke2r1 1.1.7 1.7.1-k3s1
v1.27.5+rke2r1 1.1.8 1.7.3-k3s1
v1.27.6+rke2r1 1.1.8 1.7.3-k3s1
v1.27.7+rke2r1 1.1.8 1.7.7-k3s1
v1.27.7+rke2r2 1.1.8 1.7.7-k3s1
v1.27.8+rke2r1 1.1.8 1.7.7-k3s1
v1.27.9+rke2r1 1.1.10 1.7.11-k3s2
v1.27.10+rke2r1 1.1.12 1.7.11-k3s2
v1.27.11+rke2r1 1.1.12 1.7.11-k3s2
v1.27.12+rke2r1 1.1.12 1.7.11-k3s2
v1.27.13+rke2r1 1.1.12 1.7.11-k3s2
v1.27.14+rke2r1 1.1.12 1.7.11-k3s2
v1.27.15+rke2r1 1.1.12 1.7.17-k3s1
v1.27.16+rke2r1 1.1.12 1.7.17-k3s1
v1.27.16+rke2r2 1.1.12 1.7.20-k3s1
v1.28.1+rke2r1 1.1.8 1.7.3-k3s1
v1.28.2+rke2r1 1.1.8 1.7.3-k3s1
v1.28.3+rke2r1 1.1.8 1.7.7-k3s1
v1.28.3+rke2r2 1.1.8 1.7.7-k3s1
v1.28.4+rke2r1 1.1.8 1.7.7-k3s1
v1.28.5+rke2r1 1.1.10 1.7.11-k3s2
v1.28.6+rke2r1 1.1.12 1.7.11-k3s2
v1.28.7+rke2r1 1.1.12 1.7.11-k3s2
v1.28.8+rke2r1 1.1.12 1.7.11-k3s2
v1.28.9+rke2r1 1.1.12 1.7.11-k3s2
v1.28.10+rke2r1 1.1.12 1.7.11-k3s2
v1.28.11+rke2r1 1.1.12 1.7.17-k3s1
v1.28.12+rke2r1 1.1.12 1.7.17-k3s1
v1.28.13+rke2r1 1.1.12 1.7.20-k3s1
v1.28.14+rke2r1 1.1.14 1.7.21-k3s2
v1.28.15+rke2r1 1.1.14 1.7.22-k3s1
v1.29.0+rke2r1 1.1.10 1.7.11-k3s2
v1.29.1+rke2r1 1.1.12 1.7.11-k3s2
v1.29.2+rke2r1 1.1.12 1.7.11-k3s2
v1.29.3+rke2r1 1.1.12 1.7.11-k3s2
v1.29.4+rke2r1 1.1.12 1.7.11-k3s2
v1.29.5+rke2r1 1.1.12 1.7.11-k3s2
v1.29.6+rke2r1 1.1.12 1.7.17-k3s1
v1.29.7+rke2r1 1.1.12 1.7.17-k3s1
v1.29.8+rke2r1 1.1.12 1.7.20-k3s1
v1.29.9+rke2r1 1.1.14 1.7.21-k3s2
v1.29.10+rke2r1 1.1.14 1.7.22-k3s1
v1.29.11+rke2r1 1.1.14 1.7.23-k3s2
v1.29.12+rke2r1 1.1.14 1.7.23-k3s2
v1.29.13+rke2r1 1.2.4 1.7.23-k3s2
v1.29.14+rke2r1 1.2.4 1.7.23-k3s2
v1.29.15+rke2r1 1.2.5 1.7.26-k3s1
v1.30.0+rke2r1 1.1.12 1.7.11-k3s2
v1.30.1+rke2r1 1.1.12 1.7.11-k3s2
v1.30.2+rke2r1 1.1.12 1.7.17-k3s1
v1.30.3+rke2r1 1.1.12 1.7.17-k3s1
v1.30.4+rke2r1 1.1.12 1.7.20-k3s1
v1.30.5+rke2r1 1.1.14 1.7.21-k3s2
v1.30.6+rke2r1 1.1.14 1.7.22-k3s1
v1.30.7+rke2r1 1.1.14 1.7.23-k3s2
v1.30.8+rke2r1 1.1.14 1.7.23-k3s2
v1.30.9+rke2r1 1.2.4 1.7.23-k3s2
v1.30.10+rke2r1 1.2.4 1.7.23-k3s2
v1.30.11+rke2r1 1.2.5 1.7.26-k3s1
v1.30.12+rke2r1 1.2.5 1.7.26-k3s1
v1.30.13+rke2r1 1.2.6 1.7.27-k3s1
v1.30.14+rke2r1 1.2.6 1.7.27-k3s1
v1.30.14+rke2r2 1.2.6 1.7.27-k3s1
v1.30.14+rke2r4 1.2.7 1.7.27-k3s1
v1.31.0+rke2r1 1.1.13 1.7.20-k3s1
v1.31.1+rke2r1 1.1.14 1.7.21-k3s2
v1.31.1+rke2r2 1.1.14 1.7.22-k3s1
v1.31.2+rke2r1 1.1.14 1.7.22-k3s1
v1.31.3+rke2r1 1.1.14 1.7.23-k3s2
v1.31.4+rke2r1 1.1.14 1.7.23-k3s2
v1.31.5+rke2r1 1.2.4 1.7.23-k3s2
v1.31.6+rke2r1 1.2.4 2.0.2-k3s2
v1.31.7+rke2r1 1.2.5 2.0.4-k3s2
v1.31.8+rke2r1 1.2.5 2.0.4-k3s2
v1.31.9+rke2r1 1.2.6 2.0.5-k3s1
v1.31.10+rke2r1 1.2.6 2.0.5-k3s1
v1.31.11+rke2r1 1.2.6 2.0.5-k3s2
v1.31.12+rke2r1 1.2.6 2.0.5-k3s2
v1.31.13+rke2r1 1.3.1 2.1.4-k3s2
v1.31.14+rke2r1 1.3.3 2.1.5-k3s1
v1.31.14+rke2r2 1.3.3 2.1.5-k3s1
v1.32.0+rke2r1 1.1.14 1.7.23-k3s2
v1.32.1+rke2r1 1.2.4 1.7.23-k3s2
v1.32.2+rke2r1 1.2.4 2.0.2-k3s2
v1.32.3+rke2r1 1.2.5 2.0.4-k3s2
v1.32.4+rke2r1 1.2.5 2.0.4-k3s2
v1.32.5+rke2r1 1.2.6 2.0.5-k3s1
v1.32.6+rke2r1 1.2.6 2.0.5-k3s1
v1.32.7+rke2r1 1.2.6 2.0.5-k3s2
v1.32.8+rke2r1 1.2.6 2.0.5-k3s2
v1.32.9+rke2r1 1.3.1 2.1.4-k3s2
v1.32.10+rke2r1 1.3.3 2.1.5-k3s1
v1.32.11+rke2r1 1.4.0 2.1.5-k3s1
v1.32.11+rke2r2 1.4.0 2.1.5-k3s1
v1.32.11+rke2r3 1.4.0 2.1.5-k3s1
v1.32.12+rke2r1 1.4.0 2.1.5-k3s1
v1.32.13+rke2r1 1.4.0 2.1.5-k3s1
v1.32.13+rke2r2 1.4.1 2.2.2-k3s1
v1.33.0+rke2r1 1.2.5 2.0.4-k3s2
v1.33.1+rke2r1 1.2.6 2.0.5-k3s1
v1.33.2+rke2r1 1.2.6 2.0.5-k3s1
v1.33.3+rke2r1 1.2.6 2.0.5-k3s2
v1.33.4+rke2r1 1.2.6 2.0.5-k3s2
v1.33.5+rke2r1 1.3.1 2.1.4-k3s2
v1.33.6+rke2r1 1.3.3 2.1.5-k3s1
v1.33.7+rke2r1 1.4.0 2.1.5-k3s1
v1.33.7+rke2r2 1.4.0 2.1.5-k3s1
v1.33.7+rke2r3 1.4.0 2.1.5-k3s1
v1.33.8+rke2r1 1.4.0 2.1.5-k3s1
v1.33.9+rke2r1 1.4.0 2.1.5-k3s1
v1.33.10+rke2r1 1.4.1 2.2.2-k3s1
v1.33.10+rke2r2 1.4.1 2.2.2-k3s1
v1.33.10+rke2r3 1.4.1 2.2.2-k3s1
v1.33.11+rke2r1 1.4.2 2.2.3-k3s1
v1.33.12+rke2r1 1.4.2 2.2.3-k3s1
v1.33.12+rke2r2 1.4.2 2.2.3-k3s1
v1.33.13+rke2r1 1.4.2 2.2.5-k3s1
v1.33.13+rke2r2 1.4.3 2.2.6-k3s1
v1.34.1+rke2r1 1.3.1 2.1.4-k3s2
v1.34.2+rke2r1 1.3.3 2.1.5-k3s1
v1.34.3+rke2r1 1.4.0 2.1.5-k3s1
v1.34.3+rke2r2 1.4.0 2.1.5-k3s1
v1.34.3+rke2r3 1.4.0 2.1.5-k3s1
v1.34.4+rke2r1 1.4.0 2.1.5-k3s1
v1.34.5+rke2r1 1.4.0 2.1.5-k3s1
v1.34.6+rke2r1 1.4.1 2.2.2-k3s1
v1.34.6+rke2r2 1.4.1 2.2.2-k3s1
v1.34.6+rke2r3 1.4.1 2.2.2-k3s1
v1.34.7+rke2r1 1.4.2 2.2.3-k3s1
v1.34.8+rke2r1 1.4.2 2.2.3-k3s1
v1.34.8+rke2r2 1.4.2 2.2.3-k3s1
v1.34.9+rke2r1 1.4.2 2.2.5-k3s2
v1.34.10+rke2r1 1.4.3 2.2.6-k3s1
v1.35.0+rke2r1 1.4.0 2.1.5-k3s1
v1.35.0+rke2r2 1.4.0 2.1.5-k3s1
v1.35.0+rke2r3 1.4.0 2.1.5-k3s1
v1.35.1+rke2r1 1.4.0 2.1.5-k3s1
v1.35.2+rke2r1 1.4.0 2.1.5-k3s1
v1.35.3+rke2r1 1.4.1 2.2.2-k3s1
v1.35.3+rke2r2 1.4.1 2.2.2-k3s1
v1.35.3+rke2r3 1.4.1 2.2.2-k3s1
v1.35.4+rke2r1 1.4.2 2.2.3-k3s1
v1.35.5+rke2r1 1.4.2 2.2.3-k3s1
v1.35.5+rke2r2 1.4.2 2.2.3-k3s1
v1.35.6+rke2r1 1.4.2 2.2.5-k3s2
v1.35.7+rke2r1 1.4.3 2.2.6-k3s1
v1.36.0+rke2r1 1.4.2 2.2.3-k3s1
v1.36.1+rke2r1 1.4.2 2.2.3-k3s1
v1.36.1+rke2r2 1.4.2 2.2.3-k3s1
v1.36.2+rke2r1 1.4.2 2.3.2-k3s2
v1.36.3+rke2r1 1.4.3 2.3.3-k3s1
`;

/** K3s releases whose notes were read (https://github.com/k3s-io/k3s/releases/tag/<release>). */
const K3S = `
v1.19.15+k3s2 1.0.0-rc95 1.4.11-k3s1
v1.21.5+k3s2 1.0.2 1.4.11-k3s1
v1.25.15+k3s2 1.1.8 1.7.7-k3s1
v1.26.14+k3s1 1.1.12-k3s1 1.7.11-k3s2.26
v1.27.6+k3s1 1.1.8 1.7.6-k3s1.27
v1.28.6+k3s2 1.1.12-k3s1 1.7.11-k3s2
v1.30.0+k3s1 1.1.12 1.7.15-k3s1
`;

function table(text: string): ReadonlyMap<string, BundledVersions> {
  const rows = new Map<string, BundledVersions>();
  for (const line of text.trim().split('\n')) {
    const [release, runc, containerd] = line.trim().split(/\s+/);
    if (release && runc && containerd) rows.set(release, { runc, containerd });
  }
  return rows;
}

const TABLES: Readonly<Record<Distribution, ReadonlyMap<string, BundledVersions>>> = {
  rke2: table(RKE2),
  k3s: table(K3S),
};

/** The distribution a release string names (`v1.21.3+rke2r1`, `v1.20.4+k3s1`), or undefined. */
export function distributionOf(release: string): Distribution | undefined {
  if (/\+rke2r\d+$/.test(release)) return 'rke2';
  if (/\+k3s\d+$/.test(release)) return 'k3s';
  return undefined;
}

/** What this distribution release bundles, when its table lists it. Pre-release tags (`-rc1+rke2r1`) are not. */
export function bundledBy(release: string): BundledVersions | undefined {
  const normalized = release.startsWith('v') ? release : `v${release}`;
  const distribution = distributionOf(normalized);
  return distribution ? TABLES[distribution].get(normalized) : undefined;
}
