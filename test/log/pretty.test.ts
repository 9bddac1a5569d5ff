import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../functions/config.ts';
import { createLogger } from '../../functions/log/pino.ts';
import { formatPrettyLine } from '../../functions/log/pretty.ts';

/** A terminal stand-in: what createLogger writes, and that it is one. */
function terminal() {
  const written: string[] = [];
  return { out: { isTTY: true, write: (text: string) => void written.push(text) }, written };
}

describe('readable lines on a terminal', () => {
  it('formats a JSON line as HH:MM:SS LEVEL component: msg key=value', () => {
    const line = JSON.stringify({
      level: 'warn',
      time: '2026-11-23T21:05:09.123Z',
      component: 'queue',
      dedupKey: 'alert:abc',
      msg: 'job failed (delivery 2), will retry',
      reason: 'slack down',
      repeats: 3,
      ids: ['a', 'b'],
    });
    expect(formatPrettyLine(line)).toBe(
      '21:05:09 WARN  queue: job failed (delivery 2), will retry dedupKey=alert:abc reason="slack down" repeats=3 ' +
        'ids="[\\"a\\",\\"b\\"]"',
    );
  });

  it('is what the logger writes on a TTY, and JSON otherwise unless LOG_FORMAT forces it', () => {
    const tty = terminal();
    createLogger({ out: tty.out })
      .child({ component: 'ingest' })
      .error('enqueue failed', { route: 'events' });
    expect(tty.written).toHaveLength(1);
    expect(tty.written[0]).toMatch(/^\d\d:\d\d:\d\d ERROR ingest: enqueue failed route=events\n$/);

    const forced = terminal();
    createLogger({ out: forced.out, format: 'json' }).info('hello');
    expect(JSON.parse(forced.written[0] ?? '')).toMatchObject({ level: 'info', msg: 'hello' });

    const pipe: string[] = [];
    createLogger({ out: { write: (t: string) => void pipe.push(t) } }).info('hello');
    expect(JSON.parse(pipe[0] ?? '')).toMatchObject({
      level: 'info',
      msg: 'hello',
      time: expect.any(String),
    });
  });

  it('keeps escape sequences and carriage returns from the terminal, and drops lines below LOG_LEVEL', () => {
    const tty = terminal();
    const log = createLogger({ out: tty.out, level: 'info' });
    log.debug('not shown');
    log.warn('dead letter: field \u001b[31mred\u001b[0m\r', { node: 'n\u0007' });
    expect(tty.written).toHaveLength(1);
    const controls = [...(tty.written[0] ?? '').trimEnd()].filter((ch) => ch.charCodeAt(0) < 0x20);
    expect(controls).toEqual([]);
    expect(tty.written[0]).toContain('?[31mred?[0m');
  });

  it('shows a line that is not JSON as it is, sanitised', () => {
    expect(formatPrettyLine('plain \u001b[2J text\n')).toBe('plain ?[2J text');
  });
});

describe('LOG_LEVEL and LOG_FORMAT', () => {
  it('default to info and the terminal test, and refuse what they do not know', () => {
    expect(loadConfig({}).LOG_LEVEL).toBe('info');
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_LEVEL: 'debug', LOG_FORMAT: 'pretty' })).toMatchObject({
      LOG_LEVEL: 'debug',
      LOG_FORMAT: 'pretty',
    });
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ LOG_FORMAT: 'text' })).toThrow(/LOG_FORMAT/);
    expect(() => loadConfig({ LOG_LEVELS: 'debug' })).toThrow(/LOG_LEVELS: unknown setting/);
  });
});
