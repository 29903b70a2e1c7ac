import { z } from 'zod';
import { idParam } from '../../core/http';

// The staff and department request schemas live in packages/shared/src/contracts/staff.ts and
// department.ts. `nullableId` stays here for modules/knowledge until that module moves to contracts
// (it keeps its old message, "<name> 必须是数字"); new code uses `nullableId` from contracts/staff.

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** An optional id where null or '' means "none". */
export const nullableId = (name: string) => z.preprocess(blankToNull, idParam(name).nullable()).optional();
