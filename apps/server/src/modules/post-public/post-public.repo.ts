import { aliasedTable, and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scoped, type RequestContext } from '../../core/context';
import {
  abilities,
  abilityDimensions,
  abilityMaterials,
  departments,
  examAttempts,
  exams,
  knowledgeNodes,
  organizations,
  postAbilities,
  postDepartments,
  postFamilies,
  postKnowledge,
  posts,
  postTags,
  staffAbilities,
  tags,
  users,
  userTags,
} from '../../db/schema';

/**
 * Public pages have no signed-in caller: the share token (a post's, or a signed portrait link) names the
 * organisation, and every query below is scoped by it.
 */
type OrgScope = Pick<RequestContext, 'organizationId'>;

const USER_DELETED = 2;
const ATTEMPT_GRADED = 2;
const TAG_TYPE_USER = 4;

export async function findOrganizationName(db: DbOrTx, scope: OrgScope): Promise<string | undefined> {
  const [row] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, scope.organizationId));
  return row?.name;
}

/** The post a share token publishes, with its family's name; undefined for an unknown or revoked token. */
export async function findSharedPost(db: DbOrTx, token: string) {
  const [row] = await db
    .select({
      id: posts.id,
      organizationId: posts.organizationId,
      name: posts.name,
      code: posts.code,
      grade: posts.grade,
      headcount: posts.headcount,
      description: posts.description,
      duties: posts.duties,
      requirements: posts.requirements,
      familyName: postFamilies.name,
    })
    .from(posts)
    .leftJoin(postFamilies, eq(postFamilies.id, posts.familyId))
    .where(and(eq(posts.shareToken, token), isNotNull(posts.shareToken)));
  return row;
}

export async function listPostDepartmentNames(db: DbOrTx, scope: OrgScope, postId: number) {
  const rows = await db
    .select({ name: departments.name })
    .from(postDepartments)
    .innerJoin(departments, eq(departments.id, postDepartments.departmentId))
    .where(scoped(departments.organizationId, scope, eq(postDepartments.postId, postId)))
    .orderBy(asc(departments.sort), asc(departments.id));
  return rows.map((row) => row.name);
}

export async function listPostTagNames(db: DbOrTx, scope: OrgScope, postId: number) {
  const rows = await db
    .select({ name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(scoped(tags.organizationId, scope, eq(postTags.postId, postId)))
    .orderBy(asc(tags.name));
  return rows.map((row) => row.name);
}

/** A post's model: abilities with dimension, anchors, required level and weight, in the model's order. */
export function listPostModel(db: DbOrTx, scope: OrgScope, postId: number) {
  return db
    .select({
      abilityId: abilities.id,
      name: abilities.name,
      description: abilities.description,
      levels: abilities.levels,
      dimension: abilityDimensions.name,
      requiredLevel: postAbilities.requiredLevel,
      weight: postAbilities.weight,
    })
    .from(postAbilities)
    .innerJoin(abilities, eq(abilities.id, postAbilities.abilityId))
    .innerJoin(abilityDimensions, eq(abilityDimensions.id, abilities.dimensionId))
    .where(scoped(abilities.organizationId, scope, eq(postAbilities.postId, postId)))
    .orderBy(asc(postAbilities.sort), asc(abilityDimensions.sort), asc(abilities.sort), asc(abilities.id));
}

const parentNode = aliasedTable(knowledgeNodes, 'parent_node');

/** The post's knowledge map: each point with its parent's name and the mastery required. */
export function listPostKnowledge(db: DbOrTx, scope: OrgScope, postId: number) {
  return db
    .select({
      knowledgeId: knowledgeNodes.id,
      name: knowledgeNodes.name,
      parentName: parentNode.name,
      mastery: postKnowledge.mastery,
    })
    .from(postKnowledge)
    .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, postKnowledge.knowledgeId))
    .leftJoin(parentNode, eq(parentNode.id, knowledgeNodes.parentId))
    .where(scoped(knowledgeNodes.organizationId, scope, eq(postKnowledge.postId, postId)))
    .orderBy(asc(parentNode.sort), asc(knowledgeNodes.sort), asc(knowledgeNodes.id));
}

/** A person of the organisation (not deleted) with department and post names. */
export async function findPerson(db: DbOrTx, scope: OrgScope, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      realName: users.realName,
      jobNumber: users.jobNumber,
      avatarUrl: users.avatarUrl,
      postId: posts.id,
      postName: posts.name,
      departmentName: departments.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.departmentId))
    .leftJoin(posts, and(eq(posts.id, users.postId), eq(posts.organizationId, users.organizationId)))
    .where(scoped(users.organizationId, scope, eq(users.id, userId), ne(users.status, USER_DELETED)));
  return row;
}

/** The person's current levels (exam, rating, effective) for the given abilities. */
export function listStaffLevels(db: DbOrTx, scope: OrgScope, userId: number, abilityIds: number[]) {
  if (abilityIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      abilityId: staffAbilities.abilityId,
      examLevel: staffAbilities.examLevel,
      ratingLevel: staffAbilities.ratingLevel,
      level: staffAbilities.level,
    })
    .from(staffAbilities)
    .where(
      scoped(
        staffAbilities.organizationId,
        scope,
        eq(staffAbilities.userId, userId),
        inArray(staffAbilities.abilityId, abilityIds),
      ),
    );
}

/** The person's latest graded attempts (index exam_attempts_user_idx). */
export function listGradedAttempts(db: DbOrTx, scope: OrgScope, userId: number, limit: number) {
  return db
    .select({
      attemptId: examAttempts.id,
      examName: exams.name,
      score: examAttempts.score,
      totalPoints: examAttempts.totalPoints,
      passed: examAttempts.passed,
      submittedAt: examAttempts.submittedAt,
      startedAt: examAttempts.startedAt,
    })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(
      scoped(
        examAttempts.organizationId,
        scope,
        eq(examAttempts.userId, userId),
        eq(examAttempts.status, ATTEMPT_GRADED),
      ),
    )
    .orderBy(desc(examAttempts.startedAt), desc(examAttempts.id))
    .limit(limit);
}

/** Materials of the given abilities, lowest level first (null level: for every level). */
export function listMaterials(db: DbOrTx, scope: OrgScope, abilityIds: number[]) {
  if (abilityIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      abilityId: abilityMaterials.abilityId,
      level: abilityMaterials.level,
      kind: abilityMaterials.kind,
      title: abilityMaterials.title,
      url: abilityMaterials.url,
      minutes: abilityMaterials.minutes,
    })
    .from(abilityMaterials)
    .where(scoped(abilityMaterials.organizationId, scope, inArray(abilityMaterials.abilityId, abilityIds)))
    .orderBy(asc(abilityMaterials.abilityId), asc(abilityMaterials.level), asc(abilityMaterials.sort));
}

/** The person's user tags (type 4). */
export function listUserTags(db: DbOrTx, scope: OrgScope, userId: number) {
  return db
    .select({ name: tags.name, color: tags.color })
    .from(userTags)
    .innerJoin(tags, eq(tags.id, userTags.tagId))
    .where(scoped(tags.organizationId, scope, eq(userTags.userId, userId), eq(tags.type, TAG_TYPE_USER)))
    .orderBy(asc(tags.name));
}
