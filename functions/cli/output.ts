/** `-o text|json|yaml`, as kubectl spells it; `--json` stays as the short way to ask for JSON. */
export const OUTPUT_FORMATS = ['text', 'json', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export function outputFormat(options: { output?: string; json?: boolean }): OutputFormat {
  return options.json ? 'json' : ((options.output as OutputFormat | undefined) ?? 'text');
}

/**
 * The command's result in the chosen format. Machine formats print the value itself; `text` is the
 * command's own report. The YAML library is loaded only when YAML is asked for.
 */
export async function render(value: unknown, format: OutputFormat, text: () => string): Promise<string> {
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  if (format === 'yaml') {
    const { stringify } = await import('yaml');
    return stringify(value, { lineWidth: 0 });
  }
  return text();
}
