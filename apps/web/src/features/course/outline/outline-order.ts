import type { ChapterView } from '@kaopei/shared/contracts/course-content';

/** A flat list of the outline for one sortable list: chapter headers (fixed) and sections (dragged). */
export type OutlineItem =
  { id: string; type: 'chapter'; chapterId: number } | { id: string; type: 'section'; sectionId: number };

export const chapterItemId = (id: number) => `c${id}`;
export const sectionItemId = (id: number) => `s${id}`;

export function flatten(chapters: readonly ChapterView[]): OutlineItem[] {
  return chapters.flatMap((c) => [
    { id: chapterItemId(c.id), type: 'chapter' as const, chapterId: c.id },
    ...c.sections.map((s) => ({ id: sectionItemId(s.id), type: 'section' as const, sectionId: s.id })),
  ]);
}

/**
 * Each chapter's sections after a move in the flat list: a section belongs to the nearest chapter header
 * above it (one dropped above the first header joins the first chapter).
 */
export function orderOf(items: readonly OutlineItem[]): { chapterId: number; sectionIds: number[] }[] {
  const out: { chapterId: number; sectionIds: number[] }[] = [];
  const orphans: number[] = [];
  for (const item of items) {
    if (item.type === 'chapter') out.push({ chapterId: item.chapterId, sectionIds: [] });
    else if (out.length === 0) orphans.push(item.sectionId);
    else out[out.length - 1]!.sectionIds.push(item.sectionId);
  }
  if (out[0]) out[0].sectionIds.unshift(...orphans);
  return out;
}

/** Moves the item at `from` to `to` (as dnd-kit's arrayMove). */
export function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}
