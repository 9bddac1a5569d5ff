import { describe, expect, it } from 'vitest';
import { ConfigError, configSecrets, loadConfig, threadPolicy } from '../../functions/config.ts';

const base = { INGEST_AUTH: 'off' };

describe('silence and link settings', () => {
  it('durations, Acknowledge silences, link hosts and the docs page become the thread policy', () => {
    const config = loadConfig({
      ...base,
      ALERTMANAGER_URL: 'http://alertmanager:9093',
      SILENCE_DURATIONS: '30m, 2h,1d',
      ACK_SILENCES: 'true',
      LINK_HOSTS: 'Prometheus.example.com,runbooks.example.com',
      DOCS_URL: 'https://github.com/acme/pleg-responder/blob/main/docs/causes.md',
    });
    expect(threadPolicy(config)).toMatchObject({
      silences: { durationsSeconds: [1800, 7200, 86_400], onAcknowledge: true },
      links: {
        hosts: ['prometheus.example.com', 'runbooks.example.com'],
        alertmanagerUrl: 'http://alertmanager:9093',
        causesUrl: 'https://github.com/acme/pleg-responder/blob/main/docs/causes.md',
      },
    });
    const external = loadConfig({
      ...base,
      ALERTMANAGER_URL: 'http://alertmanager:9093',
      ALERTMANAGER_EXTERNAL_URL: 'https://am.example.com',
    });
    expect(threadPolicy(external).links?.alertmanagerUrl).toBe('https://am.example.com');
  });

  it('without ALERTMANAGER_URL there is no silence control (and ACK_SILENCES is refused)', () => {
    expect(threadPolicy(loadConfig(base)).silences).toBeUndefined();
    expect(() => loadConfig({ ...base, ACK_SILENCES: 'true' })).toThrow(
      /ACK_SILENCES: needs ALERTMANAGER_URL/,
    );
  });

  it('refuses bad durations, two kinds of auth at once, credentials in the URL and unknown settings', () => {
    for (const durations of [
      '2x',
      '0h',
      '31d',
      '2h,',
      Array.from({ length: 11 }, (_, i) => `${i + 1}h`).join(','),
    ])
      expect(() => loadConfig({ ...base, SILENCE_DURATIONS: durations }), durations).toThrow(ConfigError);
    expect(() =>
      loadConfig({
        ...base,
        ALERTMANAGER_URL: 'http://am:9093',
        ALERTMANAGER_BEARER_TOKEN: 't',
        ALERTMANAGER_BASIC_AUTH: 'u:p',
      }),
    ).toThrow(/not both/);
    expect(() => loadConfig({ ...base, ALERTMANAGER_URL: 'http://u:p@am:9093' })).toThrow(/credentials/);
    expect(() => loadConfig({ ...base, ALERTMANAGER_TOKEN: 'x' })).toThrow(
      /ALERTMANAGER_TOKEN: unknown setting/,
    );
  });

  it('the Alertmanager credentials are secrets the logs redact', () => {
    const bearer = loadConfig({
      ...base,
      ALERTMANAGER_URL: 'http://am:9093',
      ALERTMANAGER_BEARER_TOKEN: 'am-bearer-1',
    });
    expect(configSecrets(bearer)).toContain('am-bearer-1');
    const basic = loadConfig({
      ...base,
      ALERTMANAGER_URL: 'http://am:9093',
      ALERTMANAGER_BASIC_AUTH: 'pleg:pa55word',
    });
    expect(configSecrets(basic)).toEqual(expect.arrayContaining(['pleg:pa55word', 'pa55word']));
  });
});
