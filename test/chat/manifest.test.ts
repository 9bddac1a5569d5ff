import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * The Slack app manifests checked against the facts of slackapi/manifest-schema (schema v1): manifest.yaml (HTTP:
 * request URLs on the responder's public host) and manifest.socket-mode.yaml (Socket Mode: no URL at all).
 */
const read = (name: string): unknown =>
  parse(readFileSync(new URL(`../../infra/slack/${name}`, import.meta.url), 'utf8'));

function obj(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${where}: not a map`);
  return value as Record<string, unknown>;
}

function list(value: unknown, where: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${where}: not a list`);
  return value;
}

function str(value: unknown, where: string, min: number, max: number): string {
  if (typeof value !== 'string') throw new Error(`${where}: not a string`);
  expect(value.length, `${where} length`).toBeGreaterThanOrEqual(min);
  expect(value.length, `${where} length`).toBeLessThanOrEqual(max);
  return value;
}

/** The schema has additionalProperties: false everywhere: an unknown key makes Slack reject the manifest. */
function onlyKeys(value: Record<string, unknown>, allowed: string[], where: string): void {
  for (const key of Object.keys(value))
    expect(allowed, `${where}.${key} is not a manifest key`).toContain(key);
}

describe.each([
  { file: 'manifest.yaml', socketMode: false },
  { file: 'manifest.socket-mode.yaml', socketMode: true },
])('Slack app manifest $file', ({ file, socketMode }) => {
  const root = obj(read(file), 'manifest');
  const features = obj(root.features, 'features');
  const settings = obj(root.settings, 'settings');

  it('has only schema-v1 top-level keys and the display information Slack requires', () => {
    onlyKeys(root, ['_metadata', 'display_information', 'features', 'oauth_config', 'settings'], 'manifest');
    expect(obj(root._metadata, '_metadata').major_version).toBe(1);
    const display = obj(root.display_information, 'display_information');
    onlyKeys(display, ['name', 'description', 'background_color', 'long_description'], 'display_information');
    expect(str(display.name, 'display_information.name', 1, 35)).toBe('pleg-responder');
    str(display.description, 'display_information.description', 1, 140);
    if (display.background_color !== undefined) {
      expect(display.background_color).toMatch(/^#[0-9a-fA-F]{3}([0-9a-fA-F]{3})?$/);
    }
  });

  it('has a bot user', () => {
    onlyKeys(features, ['app_home', 'bot_user', 'shortcuts', 'slash_commands', 'unfurl_domains'], 'features');
    const bot = obj(features.bot_user, 'bot_user');
    onlyKeys(bot, ['display_name', 'always_online'], 'bot_user');
    str(bot.display_name, 'bot_user.display_name', 1, 80);
  });

  it('declares /pleg with its description and usage hint, and its request URL unless in Socket Mode', () => {
    const commands = list(features.slash_commands, 'slash_commands');
    expect(commands.length).toBeGreaterThanOrEqual(1);
    expect(commands.length).toBeLessThanOrEqual(50);
    expect(commands).toHaveLength(1);
    const command = obj(commands[0], 'slash_commands[0]');
    onlyKeys(command, ['command', 'url', 'description', 'usage_hint', 'should_escape'], 'slash_commands[0]');
    expect(str(command.command, 'command', 2, 32)).toMatch(/^\/[a-z0-9_-]{1,31}$/);
    expect(command.command).toBe('/pleg');
    if (socketMode) {
      // The command comes over the WebSocket: a URL would be unused, and says the app has a public endpoint.
      expect(command.url).toBeUndefined();
    } else {
      const url = str(command.url, 'command url', 1, 3000);
      expect(url).toMatch(/^https:\/\//);
      expect(url.endsWith('/v1/slack/commands')).toBe(true);
      expect(new URL(url).protocol).toBe('https:');
    }
    str(command.description, 'command description', 1, 2000);
    expect(str(command.usage_hint, 'usage_hint', 1, 1000)).toBe(
      'diagnose <node> [cluster] | status | explain <cause> | help',
    );
    // false: node names arrive as typed, not rewritten into <@U…>/<#C…> escapes.
    expect(command.should_escape).toBe(false);
  });

  it('declares the "Diagnose this log" message shortcut', () => {
    const shortcuts = list(features.shortcuts, 'shortcuts');
    expect(shortcuts.length).toBeGreaterThanOrEqual(1);
    expect(shortcuts.length).toBeLessThanOrEqual(10);
    const shortcut = obj(shortcuts[0], 'shortcuts[0]');
    onlyKeys(shortcut, ['name', 'type', 'callback_id', 'description'], 'shortcuts[0]');
    expect(shortcut.type).toBe('message');
    expect(str(shortcut.callback_id, 'callback_id', 1, 255)).toBe('diagnose_log');
    expect(str(shortcut.name, 'shortcut name', 1, 24)).toBe('Diagnose this log');
    str(shortcut.description, 'shortcut description', 1, 150);
  });

  it('enables interactivity (buttons, shortcut): to /v1/slack/interactions over https, or over the WebSocket', () => {
    onlyKeys(
      settings,
      [
        'allowed_ip_address_ranges',
        'event_subscriptions',
        'incoming_webhooks',
        'interactivity',
        'org_deploy_enabled',
        'socket_mode_enabled',
        'token_rotation_enabled',
      ],
      'settings',
    );
    const interactivity = obj(settings.interactivity, 'interactivity');
    onlyKeys(interactivity, ['is_enabled', 'request_url', 'message_menu_options_url'], 'interactivity');
    expect(interactivity.is_enabled).toBe(true);
    expect(settings.socket_mode_enabled).toBe(socketMode);
    // The app subscribes to no events: the responder takes requests, it does not read channels.
    expect(settings.event_subscriptions).toBeUndefined();
    if (socketMode) {
      expect(interactivity.request_url).toBeUndefined();
      return;
    }
    const url = str(interactivity.request_url, 'interactivity.request_url', 1, 3500);
    expect(new URL(url).protocol).toBe('https:');
    expect(url.endsWith('/v1/slack/interactions')).toBe(true);
    // The command and the interactions go to the same host.
    const command = obj(list(features.slash_commands, 'slash_commands')[0], 'command');
    expect(new URL(url).host).toBe(new URL(String(command.url)).host);
  });

  it('asks for the minimal bot scopes: commands, chat:write and files:write (evidence files), nothing else', () => {
    const oauth = obj(root.oauth_config, 'oauth_config');
    onlyKeys(oauth, ['redirect_urls', 'scopes', 'token_management_enabled'], 'oauth_config');
    const scopes = obj(oauth.scopes, 'scopes');
    expect(Object.keys(scopes)).toEqual(['bot']);
    const bot = list(scopes.bot, 'scopes.bot');
    expect([...bot].sort()).toEqual(['chat:write', 'commands', 'files:write']);
    expect(bot).not.toContain('chat:write.public');
  });
});

it('the two manifests are one app: they differ only in the request URLs and socket_mode_enabled', () => {
  const withoutTransport = (manifest: unknown) => {
    const m = structuredClone(obj(manifest, 'manifest')) as {
      features: { slash_commands: Array<Record<string, unknown>> };
      settings: { interactivity: Record<string, unknown>; socket_mode_enabled?: boolean };
    };
    for (const command of m.features.slash_commands) delete command.url;
    delete m.settings.interactivity.request_url;
    delete m.settings.socket_mode_enabled;
    return m;
  };
  expect(withoutTransport(read('manifest.socket-mode.yaml'))).toEqual(
    withoutTransport(read('manifest.yaml')),
  );
});
