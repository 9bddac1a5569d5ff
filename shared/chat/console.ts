import type { Notification, Notifier } from './notifier.ts';
import { renderDiagnosisText, sanitizeForTerminal } from './text.ts';

/** Prints each notification as a readable report: the embedded default's output. */
export class ConsoleNotifier implements Notifier {
  readonly #write: (text: string) => void;

  constructor(write: (text: string) => void = (text) => process.stdout.write(text)) {
    this.#write = write;
  }

  async notify(n: Notification): Promise<void> {
    const signals = n.jobs
      .map((j) => (j.kind === 'alert' ? (j.alert.labels.alertname ?? 'alert') : j.kind))
      .join(', ');
    const head = `=== ${n.state === 'resolved' ? 'RESOLVED' : 'INCIDENT'} ${sanitizeForTerminal(n.key)} (${sanitizeForTerminal(signals)}) ===\n`;
    this.#write(n.state === 'resolved' ? head : head + renderDiagnosisText(n.diagnosis));
  }
}
