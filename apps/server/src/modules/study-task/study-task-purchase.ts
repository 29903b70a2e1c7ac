import type { DbOrTx } from '../../db/client';
import { deleteAssignments, findTasks, insertAssignees, listItems } from './study-task.repo';
import { refreshAssignees } from './study-task-progress.repo';
import { remindAssigned } from './study-task-remind';
import { applyItems } from './study-task.service';

/**
 * Study tasks sold in the store (operations, issue 21): a paid order makes the buyer an assignee of each
 * task (source 'shop'), enrolled in its courses and a candidate of its exams, notified once as anyone
 * allocated; a refund takes the assignment back. Work done stays on record (course progress, attempts).
 */

const SOURCE = 'shop';

export interface Buyer {
  organizationId: number;
  userId: number;
}

/** Assigns the buyer to these tasks of the organisation; returns the ids of the tasks newly assigned. */
export async function assignBuyer(db: DbOrTx, buyer: Buyer, taskIds: readonly number[]): Promise<number[]> {
  const assigned: number[] = [];
  for (const task of await findTasks(db, buyer, taskIds)) {
    const added = await insertAssignees(db, buyer, task.id, [{ userId: buyer.userId, source: SOURCE }]);
    if (added.length === 0) continue;
    await applyItems(db, buyer, await listItems(db, [task.id]), added);
    await refreshAssignees(db, buyer.organizationId, [task], added);
    await remindAssigned(db, task, added);
    assigned.push(task.id);
  }
  return assigned;
}

/** Takes back the assignments a purchase made (an allocation by the administrator stays). */
export function withdrawBuyer(db: DbOrTx, userId: number, taskIds: readonly number[]): Promise<void> {
  return deleteAssignments(db, userId, taskIds, SOURCE);
}
