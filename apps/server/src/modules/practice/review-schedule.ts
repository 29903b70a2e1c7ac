import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card, type Grade } from 'ts-fsrs';
import type { ReviewRating } from '@kaopei/shared/contracts/practice';

/**
 * The review book's schedule (issue 18, docs/decisions.md "Practice and the review book"): FSRS through
 * ts-fsrs, always given an explicit `now` so the rules run on a fixed clock in tests. Short-term (minute)
 * learning steps are off: a book is reviewed once a day, so every interval is whole days and a wrong
 * answer (Again) brings the question back tomorrow. No fuzz: the same history gives the same dates.
 */
const scheduler = fsrs(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

/** A question leaves the book when recalled right in Review state and scheduled this many days or more ahead. */
export const MASTERY_INTERVAL_DAYS = 21;
/** The review day ends at midnight China time (UTC+8, no daylight saving). */
const DAY_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** The FSRS state of a card as review_cards stores it. */
export interface CardState {
  due: Date;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: number;
  lastReview: Date | null;
}

export type AppliedRating = 'again' | ReviewRating;

const RATINGS: Record<AppliedRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};

function toCard(state: CardState): Card {
  return {
    due: state.due,
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: state.elapsedDays,
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: state.state as State,
    ...(state.lastReview ? { last_review: state.lastReview } : {}),
  };
}

function fromCard(card: Card): CardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? null,
  };
}

/** A question just got wrong for the first time (or again after it was mastered): due for review now. */
export function newCard(now: Date): CardState {
  return fromCard(createEmptyCard(now));
}

/** The card after one review at `now` rated `rating` (a wrong answer is `again`). */
export function reviewCard(card: CardState, rating: AppliedRating, now: Date): CardState {
  return fromCard(scheduler.next(toCard(card), now, RATINGS[rating]).card);
}

/**
 * The card after a new mistake outside review (practice, an exam): a card never reviewed stays due as it
 * is; any other (learnt, or mastered and back) is rated Again at `now`, so it lapses and returns tomorrow.
 */
export function cardAfterMistake(card: CardState | null, now: Date): CardState {
  if (!card) return newCard(now);
  if (card.state === State.New) return card;
  return reviewCard(card, 'again', now);
}

/**
 * The mastery rule: a question leaves the book when it was answered right while its card was in Review
 * state (recalled after a day or more, not just relearnt) and FSRS now schedules it at least
 * MASTERY_INTERVAL_DAYS ahead — its memory is stable. A later mistake brings it back (`cardAfterMistake`).
 */
export function isMastered(before: CardState, after: CardState, correct: boolean): boolean {
  return correct && before.state === State.Review && after.scheduledDays >= MASTERY_INTERVAL_DAYS;
}

/** The end of `now`'s review day (next midnight, China time): cards due before it are "今天需复习". */
export function endOfReviewDay(now: Date): Date {
  const local = now.getTime() + DAY_OFFSET_MS;
  return new Date(Math.floor(local / DAY_MS) * DAY_MS + DAY_MS - DAY_OFFSET_MS);
}
