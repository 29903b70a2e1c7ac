/**
 * 公开岗位页面与人才画像分享 (issue 16, spec §2 public routes /post/viewPosition and /frame/portrayal):
 * a shared post's published profile (by the post's share token), and one person's talent portrait through
 * a signed, expiring link an administrator creates. /post/buildPost needs no endpoint: its templates and
 * the training-plan rule live in packages/shared (post-templates.ts) and run in the browser.
 */
import { z } from 'zod';
import { endpoint, envelopeOf, idOf } from './common';

const PUBLIC = '/post/api/v1/public';
const tag = '岗位公开页面';

/** Who may create a portrait link: the person–post matching page (administrators always may). */
export const PORTRAYAL_SHARE_MENU = '/manage/post/match';
/** The page a portrait link opens. */
export const PORTRAYAL_PATH = '/frame/portrayal';
/** A portrait link lives 1 hour to 30 days. */
export const PORTRAYAL_MIN_HOURS = 1;
export const PORTRAYAL_MAX_HOURS = 720;
export const PORTRAYAL_DEFAULT_HOURS = 72;
/** The portrait lists this many latest graded attempts. */
export const PORTRAYAL_EXAM_LIMIT = 10;
/** The portrait's learning path lists at most this many materials. */
export const PORTRAYAL_MATERIAL_LIMIT = 20;

const tokenQuery = (label: string) =>
  z.object({
    token: z
      .string({ error: `${label}必须是文本` })
      .trim()
      .min(1, `${label}不能为空`)
      .max(512, `${label}过长`),
  });

// ---------------------------------------------------------------------------------------------------------
// The published profile of a post
// ---------------------------------------------------------------------------------------------------------

export const levelAnchor = z.object({ level: z.number(), name: z.string(), behaviour: z.string() });
export type LevelAnchor = z.infer<typeof levelAnchor>;

export const publicPostAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimension: z.string(),
  description: z.string().nullable(),
  requiredLevel: z.number(),
  weight: z.number(),
  /** The ability's five behavioural anchors (levels 1–5). */
  levels: z.array(levelAnchor),
});
export type PublicPostAbility = z.infer<typeof publicPostAbility>;

export const publicPostKnowledge = z.object({
  knowledgeId: z.number(),
  name: z.string(),
  /** The parent knowledge point's name (the map groups by it); null at the top. */
  parentName: z.string().nullable(),
  /** 1 了解, 2 熟悉, 3 掌握, 4 精通. */
  mastery: z.number(),
});
export type PublicPostKnowledge = z.infer<typeof publicPostKnowledge>;

export const publicPosition = z.object({
  organizationName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  familyName: z.string().nullable(),
  grade: z.string().nullable(),
  headcount: z.number().nullable(),
  departments: z.array(z.string()),
  tags: z.array(z.string()),
  description: z.string().nullable(),
  duties: z.string().nullable(),
  requirements: z.string().nullable(),
  abilities: z.array(publicPostAbility),
  knowledge: z.array(publicPostKnowledge),
});
export type PublicPosition = z.infer<typeof publicPosition>;

// ---------------------------------------------------------------------------------------------------------
// The talent portrait
// ---------------------------------------------------------------------------------------------------------

export const portrayalLink = z.object({
  /** Absolute when the server knows its public address, else a path (`/frame/portrayal?token=…`). */
  url: z.string(),
  token: z.string(),
  /** Milliseconds since the epoch. */
  expiresAt: z.number(),
});
export type PortrayalLink = z.infer<typeof portrayalLink>;

export const portrayalAbility = z.object({
  abilityId: z.number(),
  name: z.string(),
  dimension: z.string(),
  requiredLevel: z.number(),
  weight: z.number(),
  /** Effective level (exam 70 % / rating 30 %), one decimal; null: never measured. */
  level: z.number().nullable(),
  examLevel: z.number().nullable(),
  ratingLevel: z.number().nullable(),
  gap: z.number(),
});
export type PortrayalAbility = z.infer<typeof portrayalAbility>;

export const portrayalExam = z.object({
  attemptId: z.number(),
  examName: z.string(),
  score: z.number(),
  totalPoints: z.number(),
  passed: z.boolean().nullable(),
  /** ISO time the attempt was submitted (or started when never submitted). */
  takenAt: z.string(),
});
export type PortrayalExam = z.infer<typeof portrayalExam>;

export const portrayalMaterial = z.object({
  abilityName: z.string(),
  /** The level the material is for; null: every level. */
  level: z.number().nullable(),
  kind: z.string(),
  title: z.string(),
  url: z.string().nullable(),
  minutes: z.number().nullable(),
});
export type PortrayalMaterial = z.infer<typeof portrayalMaterial>;

export const portrayal = z.object({
  organizationName: z.string(),
  person: z.object({
    realName: z.string(),
    departmentName: z.string().nullable(),
    postName: z.string().nullable(),
    jobNumber: z.string().nullable(),
    avatarUrl: z.string().nullable(),
  }),
  /** The post's model against the person's levels; empty when the person has no post or it has no model. */
  abilities: z.array(portrayalAbility),
  /** Null when there is no model to match against. */
  match: z
    .object({ matchRate: z.number(), band: z.string(), metCount: z.number(), unmeasuredCount: z.number() })
    .nullable(),
  exams: z.array(portrayalExam),
  /** The post's learning path: materials for the abilities below their required level. */
  learning: z.array(portrayalMaterial),
  tags: z.array(z.object({ name: z.string(), color: z.string() })),
  expiresAt: z.number(),
});
export type Portrayal = z.infer<typeof portrayal>;

export const portrayalShareBody = z.object({
  userId: idOf('人员'),
  expiresInHours: z.coerce
    .number<number | string>({ error: '有效期（小时）必须是数字' })
    .int('有效期（小时）必须是整数')
    .min(PORTRAYAL_MIN_HOURS, `有效期（小时）必须在 ${PORTRAYAL_MIN_HOURS} 到 ${PORTRAYAL_MAX_HOURS} 之间`)
    .max(PORTRAYAL_MAX_HOURS, `有效期（小时）必须在 ${PORTRAYAL_MIN_HOURS} 到 ${PORTRAYAL_MAX_HOURS} 之间`)
    .default(PORTRAYAL_DEFAULT_HOURS),
});

export const postPublicContracts = {
  position: endpoint({
    method: 'GET',
    path: `${PUBLIC}/position`,
    tag,
    summary: '公开的岗位说明（按岗位分享链接的 token；未分享或已取消分享时 404）',
    access: 'public',
    query: tokenQuery('分享链接'),
    response: envelopeOf(publicPosition),
  }),
  sharePortrayal: endpoint({
    method: 'POST',
    path: '/post/api/v1/portrayal/share',
    tag,
    summary: '生成人才画像分享链接（签名、有效期 1–720 小时；仅限本组织人员）',
    access: { menu: PORTRAYAL_SHARE_MENU },
    body: portrayalShareBody,
    response: envelopeOf(portrayalLink),
  }),
  portrayal: endpoint({
    method: 'GET',
    path: `${PUBLIC}/portrayal`,
    tag,
    summary: '人才画像（凭签名分享链接；链接无效或过期时 403）',
    access: 'public',
    query: tokenQuery('画像链接'),
    response: envelopeOf(portrayal),
  }),
};
