import { describe, expect, it } from 'vitest';
import {
  cardAfterMistake,
  endOfReviewDay,
  isMastered,
  MASTERY_INTERVAL_DAYS,
  newCard,
  reviewCard,
  type CardState,
} from './review-schedule';

const NOW = new Date('2026-03-01T08:00:00Z');
const days = (from: Date, to: Date) => Math.round((to.getTime() - from.getTime()) / 86_400_000);

describe('review schedule on a fixed clock', () => {
  it('a new mistake is due at once', () => {
    const card = newCard(NOW);
    expect(card.due).toEqual(NOW);
    expect(card.state).toBe(0);
    expect(card.reps).toBe(0);
  });

  it('rates a first review by FSRS: again 1 day, hard 2, good 3, easy 8', () => {
    const card = newCard(NOW);
    expect(days(NOW, reviewCard(card, 'again', NOW).due)).toBe(1);
    expect(days(NOW, reviewCard(card, 'hard', NOW).due)).toBe(2);
    expect(days(NOW, reviewCard(card, 'good', NOW).due)).toBe(3);
    expect(days(NOW, reviewCard(card, 'easy', NOW).due)).toBe(8);
    const good = reviewCard(card, 'good', NOW);
    expect(good.state).toBe(2);
    expect(good.reps).toBe(1);
    expect(good.lastReview).toEqual(NOW);
  });

  it('grows the interval with each good review and masters the card past the threshold', () => {
    let card: CardState = reviewCard(newCard(NOW), 'again', NOW);
    const intervals: number[] = [];
    let mastered = false;
    for (let i = 0; i < 6 && !mastered; i++) {
      const next = reviewCard(card, 'good', card.due);
      intervals.push(next.scheduledDays);
      mastered = isMastered(card, next, true);
      card = next;
    }
    expect(intervals).toEqual([3, 8, 22]);
    expect(mastered).toBe(true);
    expect(card.scheduledDays).toBeGreaterThanOrEqual(MASTERY_INTERVAL_DAYS);
  });

  it('never masters a wrong answer, a card not in Review state, or a short interval', () => {
    const fresh = newCard(NOW);
    const easy = reviewCard(fresh, 'easy', NOW);
    const long: CardState = { ...easy, scheduledDays: 30 };
    expect(isMastered(fresh, long, true)).toBe(false);
    expect(isMastered(easy, long, false)).toBe(false);
    expect(isMastered(easy, { ...long, scheduledDays: MASTERY_INTERVAL_DAYS - 1 }, true)).toBe(false);
    expect(isMastered(easy, long, true)).toBe(true);
  });

  it('a new mistake keeps an unreviewed card and lapses a learnt one to tomorrow', () => {
    const fresh = newCard(NOW);
    expect(cardAfterMistake(null, NOW)).toEqual(fresh);
    expect(cardAfterMistake(fresh, new Date('2026-03-02T00:00:00Z'))).toBe(fresh);
    const learnt = reviewCard(fresh, 'good', NOW);
    const later = new Date('2026-03-05T08:00:00Z');
    const lapsed = cardAfterMistake(learnt, later);
    expect(lapsed.lapses).toBe(1);
    expect(days(later, lapsed.due)).toBe(1);
  });

  it('ends the review day at midnight China time', () => {
    expect(endOfReviewDay(new Date('2026-03-01T08:00:00Z'))).toEqual(new Date('2026-03-01T16:00:00Z'));
    expect(endOfReviewDay(new Date('2026-03-01T16:00:00Z'))).toEqual(new Date('2026-03-02T16:00:00Z'));
    expect(endOfReviewDay(new Date('2026-03-01T15:59:59Z'))).toEqual(new Date('2026-03-01T16:00:00Z'));
  });
});
