/**
 * The limits Slack enforces on Block Kit messages (chat.postMessage, chat.update, response_url; docs.slack.dev
 * Block Kit reference): what we send is cut to them, what Slack sends back is checked against them. Plain data
 * with no imports, so the ingest edge (and the Worker) can read it without the chat renderer.
 */
export const BLOCK_KIT_LIMITS = {
  /** Blocks in one message. */
  blocks: 50,
  /** A section's text. */
  sectionText: 3000,
  /** Fields in one section. */
  sectionFields: 10,
  /** One section field's text. */
  fieldText: 2000,
  /** A header's plain text. */
  headerText: 150,
  /** Elements in one context block. */
  contextElements: 10,
  /** Elements in one actions block. */
  actionsElements: 25,
  /** A button's label. */
  buttonText: 75,
  /** Options in one static_select. */
  selectOptions: 100,
  /** A select option's value. */
  optionValue: 150,
  /** A button's value. */
  buttonValue: 2000,
  /** An interactive element's action_id. */
  actionId: 255,
  /** A message's top-level text. */
  text: 40_000,
} as const;
