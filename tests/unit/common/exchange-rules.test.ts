import { describe, expect, it } from 'vitest';
import { exchangeBlock, exchangeDeadline, isExchangeReason, noteRequired } from '../../../src/common/exchange-rules';

describe('exchange rules', () => {
  const completedAt = '2026-11-10T12:00:00.000Z';
  const deadline = Date.parse('2026-11-24T12:00:00.000Z');

  it('ends the window `days` × 24 hours after completion', () => {
    expect(exchangeDeadline(completedAt, 14)).toBe('2026-11-24T12:00:00.000Z');
    expect(exchangeDeadline(completedAt, 1)).toBe('2026-11-11T12:00:00.000Z');
  });

  it('allows a completed order up to the deadline itself, not a millisecond after', () => {
    const order = { status: 'Completed', completed_at: completedAt };
    expect(exchangeBlock(order, 14, deadline)).toBeNull();
    expect(exchangeBlock(order, 14, deadline + 1)).toBe('too_late');
  });

  it('refuses an order that is not completed, whatever its dates', () => {
    for (const status of ['Pending', 'Paid', 'Processing', 'Cancelled']) {
      expect(exchangeBlock({ status, completed_at: completedAt }, 14, deadline - DAY)).toBe('not_completed');
    }
    expect(exchangeBlock({ status: 'Completed', completed_at: null }, 14, deadline)).toBe('not_completed');
  });

  it('knows its reasons, and that only "other" needs a note', () => {
    expect(['damaged', 'wrong_item', 'not_as_described', 'other'].every(isExchangeReason)).toBe(true);
    expect(isExchangeReason('bored')).toBe(false);
    expect(noteRequired('other')).toBe(true);
    expect(noteRequired('damaged')).toBe(false);
  });
});

const DAY = 24 * 60 * 60 * 1000;
