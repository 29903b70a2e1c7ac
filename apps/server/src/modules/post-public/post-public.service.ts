import { createHmac } from 'node:crypto';
import { matchBand, matchPost } from '@kaopei/shared';
import {
  PORTRAYAL_EXAM_LIMIT,
  PORTRAYAL_MATERIAL_LIMIT,
  PORTRAYAL_PATH,
  type Portrayal,
  type PortrayalAbility,
  type PortrayalLink,
  type PortrayalMaterial,
  type PublicPosition,
} from '@kaopei/shared/contracts/post-public';
import type { RequestContext } from '../../core/context';
import { forbidden, notFound } from '../../core/http';
import type { DbOrTx } from '../../db/client';
import { signReportToken, verifyReportToken } from '../exam/exam-result.service';
import {
  findOrganizationName,
  findPerson,
  findSharedPost,
  listGradedAttempts,
  listMaterials,
  listPostDepartmentNames,
  listPostKnowledge,
  listPostModel,
  listPostTagNames,
  listStaffLevels,
  listUserTags,
} from './post-public.repo';

const HOUR_MS = 3600_000;

// ---------- the published profile of a post ----------

/** A shared post's profile; 404 for a token that was never issued or has been revoked. */
export async function publicPosition(db: DbOrTx, token: string): Promise<PublicPosition> {
  const post = await findSharedPost(db, token);
  if (!post) throw notFound('岗位分享链接无效或已取消分享');
  const scope = { organizationId: post.organizationId };
  const [organizationName, departments, tags, model, knowledge] = await Promise.all([
    findOrganizationName(db, scope),
    listPostDepartmentNames(db, scope, post.id),
    listPostTagNames(db, scope, post.id),
    listPostModel(db, scope, post.id),
    listPostKnowledge(db, scope, post.id),
  ]);
  return {
    organizationName: organizationName ?? '',
    name: post.name,
    code: post.code,
    familyName: post.familyName,
    grade: post.grade,
    headcount: post.headcount,
    departments,
    tags,
    description: post.description,
    duties: post.duties,
    requirements: post.requirements,
    abilities: model.map((row) => ({
      abilityId: row.abilityId,
      name: row.name,
      dimension: row.dimension,
      description: row.description,
      requiredLevel: row.requiredLevel,
      weight: row.weight,
      levels: [...row.levels].sort((a, b) => a.level - b.level),
    })),
    knowledge,
  };
}

// ---------- portrait links ----------

/**
 * Portrait links use the external report's signed-link mechanism (exam-result.service signReportToken /
 * verifyReportToken: HMAC-SHA256 over id, organisation and expiry) under a key derived for this purpose
 * from the server's secret, so a report token never opens a portrait, nor the other way round.
 */
function portrayalKey(serverSecret: string): string {
  return createHmac('sha256', serverSecret).update('kaopei:portrayal-link').digest('base64url');
}

export function signPortrayalToken(
  serverSecret: string,
  userId: number,
  organizationId: number,
  expiresAt: number,
): string {
  return signReportToken(portrayalKey(serverSecret), userId, organizationId, expiresAt);
}

/** The person and organisation a portrait token names; 403 when tampered with or expired. */
export function verifyPortrayalToken(
  serverSecret: string,
  token: string,
  now = Date.now(),
): { userId: number; organizationId: number; expiresAt: number } {
  const key = portrayalKey(serverSecret);
  const claims = verifyReportToken(key, token, now);
  if (claims) {
    const expiresAt = Number(
      Buffer.from(token.split('.')[0] ?? '', 'base64url')
        .toString()
        .split('.')[2],
    );
    return { userId: claims.attemptId, organizationId: claims.organizationId, expiresAt };
  }
  // Genuine but past its expiry (checked with the clock at zero) or not genuine at all.
  if (verifyReportToken(key, token, 0)) throw forbidden('画像链接已过期，请向分享人索取新的链接');
  throw forbidden('画像链接无效');
}

/** A signed link to one person's portrait, for a person of the caller's organisation only. */
export async function createPortrayalLink(
  db: DbOrTx,
  ctx: RequestContext,
  input: { serverSecret: string; publicBase: string; userId: number; expiresInHours: number },
  now = Date.now(),
): Promise<PortrayalLink> {
  const person = await findPerson(db, ctx, input.userId);
  if (!person) throw notFound('人员不存在');
  const expiresAt = now + input.expiresInHours * HOUR_MS;
  const token = signPortrayalToken(input.serverSecret, person.id, ctx.organizationId, expiresAt);
  return { url: `${input.publicBase}${PORTRAYAL_PATH}?token=${encodeURIComponent(token)}`, token, expiresAt };
}

// ---------- the portrait ----------

type ModelRow = Awaited<ReturnType<typeof listPostModel>>[number];
type LevelRow = Awaited<ReturnType<typeof listStaffLevels>>[number];

function portrayalAbilities(model: ModelRow[], levels: LevelRow[]) {
  const byAbility = new Map(levels.map((row) => [row.abilityId, row]));
  const match = matchPost(model, new Map(levels.map((row) => [row.abilityId, Number(row.level)])));
  const abilities = model.map((row, index): PortrayalAbility => {
    const staff = byAbility.get(row.abilityId);
    return {
      abilityId: row.abilityId,
      name: row.name,
      dimension: row.dimension,
      requiredLevel: row.requiredLevel,
      weight: row.weight,
      level: staff ? Number(staff.level) : null,
      examLevel: staff?.examLevel ?? null,
      ratingLevel: staff?.ratingLevel ?? null,
      gap: match.abilities[index]?.gap ?? row.requiredLevel,
    };
  });
  const summary =
    model.length === 0
      ? null
      : {
          matchRate: match.matchRate,
          band: matchBand(match.matchRate),
          metCount: match.metCount,
          unmeasuredCount: match.unmeasuredCount,
        };
  return { abilities, match: summary };
}

/**
 * The post's learning path: materials of the abilities below their required level, for the levels still
 * to reach (above the person's current level, up to the required one), largest gaps first.
 */
async function learningPath(
  db: DbOrTx,
  scope: { organizationId: number },
  abilities: PortrayalAbility[],
): Promise<PortrayalMaterial[]> {
  const open = abilities.filter((a) => a.gap > 0).sort((a, b) => b.gap - a.gap);
  const materials = await listMaterials(
    db,
    scope,
    open.map((a) => a.abilityId),
  );
  const path: PortrayalMaterial[] = [];
  for (const ability of open) {
    const reached = Math.floor(ability.level ?? 0);
    for (const m of materials) {
      if (m.abilityId !== ability.abilityId) continue;
      if (m.level !== null && (m.level <= reached || m.level > ability.requiredLevel)) continue;
      path.push({
        abilityName: ability.name,
        level: m.level,
        kind: m.kind,
        title: m.title,
        url: m.url,
        minutes: m.minutes,
      });
    }
  }
  return path.slice(0, PORTRAYAL_MATERIAL_LIMIT);
}

/** The portrait a genuine, unexpired link opens: that one person only. */
export async function portrayalByToken(
  db: DbOrTx,
  serverSecret: string,
  token: string,
  now = Date.now(),
): Promise<Portrayal> {
  const claims = verifyPortrayalToken(serverSecret, token, now);
  const scope = { organizationId: claims.organizationId };
  const person = await findPerson(db, scope, claims.userId);
  if (!person) throw notFound('人员不存在或已不在本组织');
  const model = person.postId ? await listPostModel(db, scope, person.postId) : [];
  const [organizationName, levels, attempts, tags] = await Promise.all([
    findOrganizationName(db, scope),
    listStaffLevels(
      db,
      scope,
      person.id,
      model.map((row) => row.abilityId),
    ),
    listGradedAttempts(db, scope, person.id, PORTRAYAL_EXAM_LIMIT),
    listUserTags(db, scope, person.id),
  ]);
  const { abilities, match } = portrayalAbilities(model, levels);
  return {
    organizationName: organizationName ?? '',
    person: {
      realName: person.realName,
      departmentName: person.departmentName,
      postName: person.postName,
      jobNumber: person.jobNumber,
      avatarUrl: person.avatarUrl,
    },
    abilities,
    match,
    exams: attempts.map((row) => ({
      attemptId: row.attemptId,
      examName: row.examName,
      score: Number(row.score ?? 0),
      totalPoints: Number(row.totalPoints),
      passed: row.passed === null ? null : row.passed === 1,
      takenAt: (row.submittedAt ?? row.startedAt).toISOString(),
    })),
    learning: await learningPath(db, scope, abilities),
    tags,
    expiresAt: claims.expiresAt,
  };
}
