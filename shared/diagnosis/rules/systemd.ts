import type { Signature } from './types.ts';

/** Messages systemd and D-Bus write. */
export const SYSTEMD_RULES: readonly Signature[] = [
  {
    fact: 'systemd.dbus_timeout',
    pattern:
      'Timeout waiting for systemd to create|[Ff]ailed to (?:create|start|activate)[^\\n]{0,80}(?:\\.scope|transient unit)[^\\n]{0,80}(?:timed out|[Tt]imeout)|org\\.freedesktop\\.DBus\\.Error\\.(?:NoReply|TimedOut)|Did not receive a reply|dbus: connection closed by user|Failed to (?:get D-Bus connection|connect to bus): Connection timed out|Activation of org\\.freedesktop\\.systemd1 timed out',
  },
];
