import { describe, expect, it } from 'vitest';
import { validate } from '../../shared/intake/validate.ts';
import { AlertmanagerPayloadSchema } from '../../shared/schemas/alertmanager.ts';
import { describeIssues } from '../../shared/schemas/bundle.ts';
import { EventWebhookBodySchema } from '../../shared/schemas/kube-event.ts';
import { alert, alertmanagerPayload, nodeNotReadyEvent } from '../support/payloads.ts';

/** A body's refusal: the early-abort parse, then the description of the body cut to its first members. */

const payload = (alerts: unknown[]) => ({ ...alertmanagerPayload([alert('n')]), alerts });
/** What zod says of the whole body, for comparison. */
const full = (body: unknown) => {
  const parsed = AlertmanagerPayloadSchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues;
};

describe('validate', () => {
  it('accepts what the schema accepts, with the parsed data', () => {
    const body = alertmanagerPayload([alert('node-a'), alert('node-b')]);
    expect(validate(AlertmanagerPayloadSchema, body)).toEqual({
      ok: true,
      data: AlertmanagerPayloadSchema.parse(body),
    });
  });

  it('reads a small body whole: the same issues as zod, and how many there were', () => {
    const body = payload(Array.from({ length: 15 }, () => ({ status: 'burning' })));
    const result = validate(AlertmanagerPayloadSchema, body);
    expect(result).toEqual({ ok: false, issues: describeIssues({ issues: full(body) }), total: 30 });
  });

  it('reads a large body only as far as its first issues: the same first 20, and that the list is partial', () => {
    const body = payload(Array.from({ length: 5000 }, () => ({ status: 'burning' })));
    const result = validate(AlertmanagerPayloadSchema, body);
    expect(result).toEqual({ ok: false, issues: describeIssues({ issues: full(body) }), partial: true });
  });

  it('names the first issue even where it lies past the members read for the list', () => {
    const alerts = [...Array.from({ length: 200 }, (_, i) => alert(`node-${i}`)), { status: 'burning' }];
    const result = validate(AlertmanagerPayloadSchema, payload(alerts));
    expect(result).toEqual({
      ok: false,
      issues: describeIssues({ issues: full(payload(alerts)) }).slice(0, 1),
      partial: true,
    });
  });

  it('cuts a map of wrong values to its first entries', () => {
    const labels = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`l${i}`, i]));
    const result = validate(AlertmanagerPayloadSchema, payload([{ ...alert('n'), labels }]));
    expect(result).toMatchObject({ ok: false, partial: true });
    expect(result.ok === false && result.issues.map((i) => i.path).slice(0, 2)).toEqual([
      'alerts[0].labels.l0',
      'alerts[0].labels.l1',
    ]);
  });

  it('answers an array over its limit with that limit alone, its elements unread', () => {
    const result = validate(AlertmanagerPayloadSchema, payload(Array(20_000).fill(1)));
    expect(result).toEqual({
      ok: false,
      issues: [{ path: 'alerts', message: expect.stringContaining('at most 10000 alerts') }],
    });
  });

  it('describes an array of events by the array option of the union', () => {
    const events = [nodeNotReadyEvent('n1'), ...Array.from({ length: 100 }, () => ({ reason: 5 }))];
    const result = validate(EventWebhookBodySchema, events);
    expect(result).toMatchObject({ ok: false, partial: true });
  });

  it('relies on zod stopping a parse at its first issue (the flag zod’s own validate uses)', () => {
    const body = payload(Array.from({ length: 100 }, () => ({ status: 'burning' })));
    const first = AlertmanagerPayloadSchema.safeParse(body, { abortEarly: true } as never);
    expect(first.success === false && first.error.issues).toHaveLength(1);
  });
});
