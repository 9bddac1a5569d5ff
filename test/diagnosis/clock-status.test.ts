import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';
import { type Bundle, ids } from '../support/node-lines.ts';

// The time tools' status output read for a clock behind (extract/clock.ts): systemd's timedatectl in its v239+ and
// older layouts (src/timedate/timedatectl.c print_status_info), chrony's tracking report (client.c, "%.9O of NTP
// time"). Outputs are built from those format strings.

const timedatectl = (local: string, rtc: string, synced: string, rtcLocal = 'no') =>
  [
    `               Local time: ${local} UTC`,
    `           Universal time: ${local} UTC`,
    `                 RTC time: ${rtc}`,
    '                Time zone: Etc/UTC (UTC, +0000)',
    `System clock synchronized: ${synced}`,
    '              NTP service: inactive',
    `          RTC in local TZ: ${rtcLocal}`,
  ].join('\n');

const timedatectlOld = (local: string, rtc: string, synced: string) =>
  [
    `      Local time: ${local} UTC`,
    `  Universal time: ${local} UTC`,
    `        RTC time: ${rtc}`,
    '       Time zone: UTC (UTC, +0000)',
    '     NTP enabled: no',
    `NTP synchronized: ${synced}`,
    ' RTC in local TZ: no',
    '      DST active: n/a',
  ].join('\n');

const chrony = (offset: string) =>
  [
    'Reference ID    : C0A80101 (192.168.1.1)',
    'Stratum         : 3',
    'Ref time (UTC)  : Tue Mar 05 10:11:12 2024',
    `System time     : ${offset} of NTP time`,
    'Last offset     : -0.000012345 seconds',
  ].join('\n');

const run = (command: string, output: string): Bundle => ({ commandOutputs: { [command]: output } });

describe("the time tools' status: a clock behind", () => {
  it.each([
    [
      'timedatectl (v239+)',
      run('timedatectl', timedatectl('Tue 2024-03-05 09:30:00', 'Tue 2024-03-05 10:15:02', 'no')),
    ],
    [
      'timedatectl (older)',
      run('timedatectl status', timedatectlOld('Tue 2019-05-07 03:45:04', 'Tue 2019-05-07 04:29:59', 'no')),
    ],
    [
      'timedatectl pasted in a log',
      { logs: { other: timedatectl('Tue 2024-03-05 09:30:00', 'Tue 2024-03-05 09:40:00', 'no') } },
    ],
    ['chronyc tracking', run('chronyc tracking', chrony('2700.000123456 seconds slow'))],
  ] as const)('clock.set_back ← %s', (_name, bundle) => {
    expect(ids(bundle)).toContain('clock.set_back');
  });

  it.each([
    ['in sync', run('timedatectl', timedatectl('Tue 2024-03-05 09:30:00', 'Tue 2024-03-05 10:15:02', 'yes'))],
    [
      'seconds apart',
      run('timedatectl', timedatectl('Tue 2024-03-05 10:15:00', 'Tue 2024-03-05 10:15:40', 'no')),
    ],
    [
      'the system time ahead',
      run('timedatectl', timedatectl('Tue 2024-03-05 11:30:00', 'Tue 2024-03-05 10:15:00', 'no')),
    ],
    [
      'an RTC in local time, the system time equal to it',
      run('timedatectl', timedatectl('Tue 2024-03-05 10:15:00', 'Tue 2024-03-05 10:15:00', 'no', 'yes')),
    ],
    ['chrony fast', run('chronyc tracking', chrony('2700.000123456 seconds fast'))],
    ['chrony slow by a little', run('chronyc tracking', chrony('0.000123456 seconds slow'))],
  ] as const)('not clock.set_back ← %s', (_name, bundle) => {
    expect(ids(bundle)).not.toContain('clock.set_back');
  });

  it("ranks the kubelet's defect from a clock status whose system time trails the hardware clock, below the bar alone", () => {
    const d = diagnose(
      run('timedatectl', timedatectl('Tue 2024-03-05 09:30:00', 'Tue 2024-03-05 10:15:02', 'no')),
    );
    expect(d.causes[0]?.id).toBe('kubelet_defect');
    expect(d.confidence).toBeLessThan(0.7);
  });
});
