// `node scripts/screenshot.ts`: docs/slack-thread.png, the picture of a Slack thread in the README.
//
// The messages are the real ones: the sample incident (`pleg-responder send-test`) goes through the server (ingest,
// queue, live-less diagnosis, decide) to a chat port that keeps the Block Kit it is given. That Block Kit is drawn
// as Slack lays out a thread (header, sections, context, link row, buttons, code blocks; mrkdwn bold, code and
// links) and photographed by headless Chromium. Not part of `npm test`: it needs Debian's Chromium and fonts,
//   apt-get install chromium fonts-lato fonts-noto-color-emoji
// and is run by hand when the messages change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnownBlock } from '@slack/types';
import { chromium } from 'playwright-core';
import { sendTest } from '../functions/cli/send-test.ts';
import { loadConfig } from '../functions/config.ts';
import { startServer } from '../functions/node/server.ts';
import type { ChatMessage, ChatPort } from '../shared/chat/port.ts';

const OUT = join(import.meta.dirname, '..', 'docs', 'slack-thread.png');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** The incident's thread as the server leaves it: the root (after its edits) and the replies. */
async function sampleThread(): Promise<{ root: ChatMessage; replies: ChatMessage[] }> {
  let root: ChatMessage | undefined;
  const replies: ChatMessage[] = [];
  const chat: ChatPort = {
    async post(channel, message, threadTs) {
      if (threadTs) replies.push(message);
      else root = message;
      return { channel, ts: '1795672115.000001' };
    },
    async update(_channel, _ts, message) {
      root = message;
    },
    async respond() {},
  };
  const dir = mkdtempSync(join(tmpdir(), 'pleg-screenshot-'));
  const token = 'screenshot-token-0123456789';
  const server = await startServer(
    loadConfig({
      PORT: '0',
      DATA_DIR: dir,
      INGEST_TOKEN: token,
      LOG_LEVEL: 'warn',
      // The alert and the bundle in one batch, as Alertmanager and a node script sending together usually are:
      // one diagnosis, one reply (without it the picture depends on when the bundle arrived).
      RESPOND_BATCH_WINDOW_MS: '2000',
      // The root's silence control and the links a configured responder shows.
      ALERTMANAGER_URL: 'http://alertmanager.example:9093',
      DOCS_URL: 'https://github.com/pleg-responder/pleg-responder/blob/main/docs/causes.md',
    }),
    { chat },
  );
  try {
    await sendTest({ url: `http://127.0.0.1:${server.port}`, token, tokenFile: '' });
    // The alert opens the thread; the bundle's diagnosis edits the root and adds the reasoning reply.
    const deadline = Date.now() + 20_000;
    while (!replies.some((r) => r.text.includes('descriptors')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    if (!root || replies.length === 0) throw new Error('the sample incident produced no thread');
    return { root, replies };
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const html = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Slack mrkdwn as Slack shows it. The responder's text arrives with `&`, `<` and `>` already escaped; the only raw
 * `<` are its links (`<url|label>`).
 */
function mrkdwn(text: string): string {
  const parts = text.split(/```([\s\S]*?)```/);
  return parts
    .map((part, i) => {
      if (i % 2 === 1) return `<pre>${part.replace(/^\n/, '')}</pre>`;
      return part
        .replace(/<(https?:\/\/[^|>]+)\|([^>]+)>/g, '<a href="$1">$2</a>')
        .replace(/`([^`\n]+)`/g, '<code>$1</code>')
        .replace(/(^|[\s(])\*([^*\n]+)\*/g, '$1<b>$2</b>')
        .replace(/(^|[\s(])_([^_\n]+)_/g, '$1<i>$2</i>')
        .replace(/\n/g, '<br>');
    })
    .join('');
}

function block(b: KnownBlock): string {
  switch (b.type) {
    case 'header':
      return `<div class="header">${html(b.text.text)}</div>`;
    case 'section':
      return `<div class="section">${mrkdwn(b.text?.text ?? '')}</div>`;
    case 'context':
      return `<div class="context">${b.elements.map((e) => ('text' in e ? `<span>${mrkdwn(e.text)}</span>` : '')).join('')}</div>`;
    case 'divider':
      return '<hr>';
    case 'actions':
      return `<div class="actions">${b.elements
        .map((e) => {
          if (e.type === 'button') return `<span class="button">${html(e.text.text)}</span>`;
          if (e.type === 'static_select')
            return `<span class="button">${html(e.placeholder?.text ?? 'Choose')} ▾</span>`;
          return '';
        })
        .join('')}</div>`;
    default:
      return '';
  }
}

const message = (m: ChatMessage, time: string) => `
  <div class="message">
    <div class="avatar">P</div>
    <div class="body">
      <div class="who"><b>pleg-responder</b><span class="app">APP</span><span class="time">${time}</span></div>
      ${m.blocks.map(block).join('\n')}
    </div>
  </div>`;

function page(root: ChatMessage, replies: ChatMessage[], time: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
    body { margin: 0; background: #fff; font: 15px/1.46668 Lato, "Noto Color Emoji", sans-serif; color: #1d1c1d; }
    .pane { width: 1000px; padding: 8px 0 16px; }
    .channel { padding: 12px 20px; border-bottom: 1px solid #ddd; font-weight: 900; font-size: 18px; }
    .message { display: flex; padding: 8px 20px; }
    .avatar { flex: none; width: 36px; height: 36px; border-radius: 6px; background: #4a154b; color: #fff;
      font-weight: 900; display: flex; align-items: center; justify-content: center; margin-right: 8px; }
    .body { flex: 1; min-width: 0; }
    .who .app { font-size: 10px; background: #e8e8e8; color: #616061; border-radius: 2px; padding: 1px 3px;
      margin-left: 4px; font-weight: 700; }
    .who .time { color: #616061; font-size: 12px; margin-left: 6px; }
    .header { font-weight: 900; font-size: 18px; margin: 4px 0; }
    .section { margin: 4px 0; }
    .context { color: #616061; font-size: 13px; margin: 4px 0; }
    .context span { margin-right: 14px; }
    a { color: #1264a3; text-decoration: none; }
    code { font: 12px Monaco, Menlo, "DejaVu Sans Mono", monospace; color: #e01e5a; background: #f6f6f6;
      border: 1px solid #ddd; border-radius: 3px; padding: 1px 3px; }
    pre { font: 12px/1.5 Monaco, Menlo, "DejaVu Sans Mono", monospace; background: #f8f8f8; border: 1px solid #ddd;
      border-radius: 4px; padding: 8px; margin: 4px 0; white-space: pre-wrap; word-break: break-all; }
    .actions { margin: 8px 0 4px; }
    .button { display: inline-block; border: 1px solid #bbb; border-radius: 4px; padding: 3px 12px; margin: 0 8px 4px 0;
      font-weight: 700; font-size: 13px; }
    .replies { margin-left: 64px; color: #1264a3; font-weight: 700; font-size: 13px; padding: 0 20px 4px; }
    .thread { margin: 4px 20px 0 64px; border-left: 3px solid #ddd; }
  </style></head><body><div class="pane">
    <div class="channel"># incidents</div>
    ${message(root, time)}
    <div class="replies">${replies.length} ${replies.length === 1 ? 'reply' : 'replies'}</div>
    <div class="thread">${replies.map((r) => message(r, time)).join('\n')}</div>
  </div></body></html>`;
}

const { root, replies } = await sampleThread();
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const tab = await browser.newPage({ viewport: { width: 1000, height: 600 }, deviceScaleFactor: 1 });
  // The messages say "updated <now>" in UTC: the clock beside them says the same.
  await tab.setContent(page(root, replies, new Date().toISOString().slice(11, 16)), { waitUntil: 'load' });
  await tab.locator('.pane').screenshot({ path: OUT });
  console.log(`wrote ${OUT}`);
} finally {
  await browser.close();
}
