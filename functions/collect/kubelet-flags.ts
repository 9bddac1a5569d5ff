/**
 * What the collector needs from the kubelet's command line and configuration file: where its configuration
 * is, which runtime socket it uses and which node name it registers. Pure: both texts are read elsewhere.
 */

/** `--name=value` or `--name value` of a command line. */
export function flagValue(cmdline: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)--${name}(?:=|\\s+)("[^"]*"|\\S+)`).exec(cmdline);
  return m?.[1]?.replace(/^"|"$/g, '');
}

/** A top-level field of the KubeletConfiguration YAML (`containerRuntimeEndpoint: unix:///run/...`). */
export function configField(yaml: string, field: string): string | undefined {
  const m = new RegExp(`^${field}:\\s*["']?([^"'\\s#]+)`, 'm').exec(yaml);
  return m?.[1];
}

export interface KubeletSettings {
  configPath?: string;
  runtimeEndpoint?: string;
  hostname?: string;
}

/** The flag wins over the file, as in the kubelet. */
export function kubeletSettings(cmdline: string, configText?: string): KubeletSettings {
  return {
    configPath: flagValue(cmdline, 'config'),
    runtimeEndpoint:
      flagValue(cmdline, 'container-runtime-endpoint') ??
      (configText ? configField(configText, 'containerRuntimeEndpoint') : undefined),
    hostname: flagValue(cmdline, 'hostname-override'),
  };
}
