/**
 * What Slack checks in a message's content (`text`, `blocks`), shared by the Web API fake (slack-fake.ts) and the
 * Socket Mode fake (slack-socket-mode-fake.ts), which answers with the same errors.
 */

export interface Content {
  text: string;
  blocks: unknown[];
}

export interface Failure {
  error: string;
  pointer?: string;
  detail?: string;
}

/** `text` / `blocks` of a chat.* call or response_url body, checked like Slack checks them. */
export function parseContent(args: Record<string, unknown>): Content | Failure {
  const text = stringOr(args.text) ?? '';
  let blocks: unknown = args.blocks;
  if (typeof blocks === 'string') {
    blocks = safeJson(blocks);
    if (blocks === undefined) return { error: 'invalid_blocks_format' };
  }
  if (blocks !== undefined && !Array.isArray(blocks)) return { error: 'invalid_blocks_format' };
  const list = (blocks as unknown[] | undefined) ?? [];
  const invalid = validateBlocks(list);
  if (invalid) return { error: 'invalid_blocks', detail: invalid.detail, pointer: invalid.pointer };
  if (text === '' && list.length === 0) return { error: 'no_text' };
  if (text.length > 40_000) return { error: 'msg_too_long' };
  return { text, blocks: list };
}

/**
 * The first Block Kit limit `blocks` breaks (pointer + Slack-style message), or undefined when Slack would accept
 * them. Covers the blocks pleg-responder sends: section, header, context, actions, divider, image, markdown,
 * rich_text; any other type is rejected.
 */
export function validateBlocks(blocks: unknown[]): { pointer: string; detail: string } | undefined {
  if (blocks.length > 50) return { pointer: '/blocks', detail: 'no more than 50 items allowed' };
  const ids = new Set<string>();
  for (const [i, block] of blocks.entries()) {
    const at = `/blocks/${i}`;
    if (!isRecord(block)) return { pointer: at, detail: 'must be an object' };
    if (block.block_id !== undefined) {
      if (typeof block.block_id !== 'string' || block.block_id.length > 255) {
        return { pointer: `${at}/block_id`, detail: 'must be a string of at most 255 characters' };
      }
      if (ids.has(block.block_id)) return { pointer: `${at}/block_id`, detail: 'duplicate block_id' };
      ids.add(block.block_id);
    }
    const problem = validateBlock(block, at);
    if (problem) return problem;
  }
  return undefined;
}

type Problem = { pointer: string; detail: string } | undefined;

/** Checks per block type (the types pleg-responder sends); any other type is rejected. */
const BLOCK_CHECKS: Record<string, (block: Record<string, unknown>, at: string) => Problem> = {
  section: (block, at) => {
    if (block.text === undefined && block.fields === undefined)
      return { pointer: at, detail: 'must provide text or fields' };
    const text = block.text === undefined ? undefined : textObject(block.text, `${at}/text`, 1, 3000);
    if (text || block.fields === undefined) return text;
    if (!Array.isArray(block.fields) || block.fields.length === 0 || block.fields.length > 10) {
      return { pointer: `${at}/fields`, detail: 'must have 1 to 10 items' };
    }
    return firstProblem(block.fields, (field, j) => textObject(field, `${at}/fields/${j}`, 1, 2000));
  },
  header: (block, at) => textObject(block.text, `${at}/text`, 1, 150, 'plain_text'),
  context: (block, at) => {
    const elements = block.elements;
    if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10) {
      return { pointer: `${at}/elements`, detail: 'must have 1 to 10 items' };
    }
    return firstProblem(elements, (element, j) =>
      isRecord(element) && element.type === 'image'
        ? undefined
        : textObject(element, `${at}/elements/${j}`, 1, 3000),
    );
  },
  actions: (block, at) => {
    const elements = block.elements;
    if (!Array.isArray(elements) || elements.length === 0 || elements.length > 25) {
      return { pointer: `${at}/elements`, detail: 'must have 1 to 25 items' };
    }
    return firstProblem(elements, (element, j) => validateElement(element, `${at}/elements/${j}`));
  },
  divider: () => undefined,
  image: (block, at) => {
    if (typeof block.image_url !== 'string' && !isRecord(block.slack_file)) {
      return { pointer: `${at}/image_url`, detail: 'required' };
    }
    if (typeof block.alt_text !== 'string' || block.alt_text.length > 2000) {
      return { pointer: `${at}/alt_text`, detail: 'must be a string of at most 2000 characters' };
    }
    return undefined;
  },
  markdown: (block, at) =>
    typeof block.text !== 'string' || block.text.length === 0 || block.text.length > 12_000
      ? { pointer: `${at}/text`, detail: 'must be 1 to 12000 characters' }
      : undefined,
  rich_text: (block, at) =>
    Array.isArray(block.elements) ? undefined : { pointer: `${at}/elements`, detail: 'required' },
};

function validateBlock(block: Record<string, unknown>, at: string): Problem {
  const check = typeof block.type === 'string' ? BLOCK_CHECKS[block.type] : undefined;
  if (!check)
    return { pointer: `${at}/type`, detail: `unsupported block type ${JSON.stringify(block.type)}` };
  return check(block, at);
}

function firstProblem(items: unknown[], check: (item: unknown, index: number) => Problem): Problem {
  for (const [index, item] of items.entries()) {
    const problem = check(item, index);
    if (problem) return problem;
  }
  return undefined;
}

function validateElement(element: unknown, at: string): { pointer: string; detail: string } | undefined {
  if (!isRecord(element) || typeof element.type !== 'string')
    return { pointer: at, detail: 'must be an element' };
  if (
    element.action_id !== undefined &&
    (typeof element.action_id !== 'string' || element.action_id.length > 255)
  ) {
    return { pointer: `${at}/action_id`, detail: 'must be a string of at most 255 characters' };
  }
  if (element.type !== 'button') return undefined;
  const bad = textObject(element.text, `${at}/text`, 1, 75, 'plain_text');
  if (bad) return bad;
  if (element.value !== undefined && (typeof element.value !== 'string' || element.value.length > 2000)) {
    return { pointer: `${at}/value`, detail: 'must be at most 2000 characters' };
  }
  if (element.url !== undefined && (typeof element.url !== 'string' || element.url.length > 3000)) {
    return { pointer: `${at}/url`, detail: 'must be at most 3000 characters' };
  }
  return undefined;
}

function textObject(
  value: unknown,
  at: string,
  min: number,
  max: number,
  only?: 'plain_text',
): { pointer: string; detail: string } | undefined {
  if (!isRecord(value) || (value.type !== 'plain_text' && value.type !== 'mrkdwn')) {
    return { pointer: `${at}/type`, detail: 'must be a text object' };
  }
  if (only && value.type !== only) return { pointer: `${at}/type`, detail: `must be ${only}` };
  if (typeof value.text !== 'string' || value.text.length < min) {
    return { pointer: `${at}/text`, detail: `must be at least ${min} character` };
  }
  if (value.text.length > max)
    return { pointer: `${at}/text`, detail: `must be less than ${max + 1} characters` };
  return undefined;
}

export function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
