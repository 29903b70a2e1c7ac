import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { organizations } from './org';

/** The knowledge-point tree of an organisation (the platform organisation's tree is public). */
export const knowledgeNodes = pgTable(
  'knowledge_nodes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => knowledgeNodes.id),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('knowledge_nodes_org_parent_idx').on(t.organizationId, t.parentId)],
);
