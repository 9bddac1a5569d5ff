import type { KnownBlock } from '@slack/types';

/** A chat message: the plain `text` is the notification and screen-reader fallback, `blocks` the layout. */
export interface ChatMessage {
  text: string;
  blocks: KnownBlock[];
}

export interface PostedMessage {
  channel: string;
  ts: string;
}

/** A file for an incident's thread: the evidence a node left (its bundle and diagnosis, as JSON). */
export interface ChatFile {
  filename: string;
  title: string;
  content: string;
  /** Said with the file (Slack's initial_comment): plain text, mrkdwn-escaped by the caller. */
  comment: string;
}

/**
 * What the responder needs from a chat service. The Slack adapter implements it on @slack/web-api with Slack's
 * limits (one message per second per channel, 429 Retry-After); tests drive it against a loopback fake.
 */
export interface ChatPort {
  /** Posts a message to a channel, or into a thread when `threadTs` is the parent's ts. */
  post(channel: string, message: ChatMessage, threadTs?: string): Promise<PostedMessage>;
  /** Edits a message in place (the incident's root). */
  update(channel: string, ts: string, message: ChatMessage): Promise<void>;
  /** Answers a slash command or button through its response_url (ephemeral: only the user sees it). */
  respond(responseUrl: string, message: ChatMessage, ephemeral: boolean): Promise<void>;
  /**
   * Attaches a file to the thread under `threadTs` (Slack: files.uploadV2, scope files:write). Optional: a chat
   * without it keeps no files, and the evidence stays in the archive only.
   */
  attach?(channel: string, threadTs: string, file: ChatFile): Promise<void>;
}
