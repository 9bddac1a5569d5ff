import { describe, expect, it } from 'vitest';
import { diagnose } from '../../shared/diagnosis/diagnose.ts';

// A line of random base64 (a pasted secret, a certificate, a core dump) is long runs of letters and digits with
// many capitals. A pattern with nested quantifiers over overlapping classes (the feature-gate prose reader had
// `(?:[A-Z][A-Za-z0-9]*)+`) backtracks exponentially on it: this 400-character line took diagnose past minutes.
const BASE64_LINE =
  'sLdi8fmHx8304g+tNBwWnLC+SZ9j71jsJ4bw9pOFtyHgp194HG0qA2CLSK1WWZmBFNha8PKHL8EwS+djphMd/QjMHLFdBBxMdMgj6Gv8ffKCsc3M8lZik1+EbATgRfuMOiq0dKtwIc9fN90Y9TRs6nSeOISspxfZC/OHbuML8wSeGlrQ9iEa+h901MPJ4uvVGX4EDyyqCNh9KEjHZSwXWKvcGf6poWqpHMrZ6y2ZJw0jFsx4lnrlEH+UpkFV7WAGWB3jH8JHV6ZepE3iKydQkXqxJFsDJYkI2n6S6FCm43IWWRHKbZo7K+mpENm4zReUtC4p/kTQprQRaBwp9BUPCZMZHj/9Hm0Y5Cwwrnrx+65vcNIUY4UpePCS79nQmfZ/7WyfMMRkNz0mNJQY';

describe('input that makes a regular expression backtrack', () => {
  it('diagnoses a long base64 line (the engine returns; vitest bounds the wait)', () => {
    expect(diagnose({ logs: { other: BASE64_LINE } }).verdict).toBe('unknown');
  });

  it('and one a hundred times longer, mixed with CamelCase words next to "feature"', () => {
    const long = `${BASE64_LINE.repeat(100)} EventedPLEGFeatureGateXyz feature is enabled`;
    const d = diagnose({ logs: { other: long } });
    expect(d.verdict).toBe('unknown');
  });
});
