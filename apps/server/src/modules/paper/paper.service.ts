import {
  DEFAULT_QUESTION_POINTS,
  PAPER_DIFFICULTY_LABELS,
  paperDifficultyOf,
  paperTypeLabel,
  questionTotals,
  questionTypeLabel,
  roundPoints,
} from '@kaopei/shared';
import type { Db, DbOrTx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound } from '../../core/http';
import { platformOrganizationId } from '../question/question.service';
import { canReadBank, requireOwnPaperBank } from '../paper-bank/paper-bank.service';
import {
  categoryNames,
  categoryWithDescendants,
  requireCategory,
} from '../paper-category/paper-category.service';
import type {
  PaperBodyInput,
  PaperDetail,
  PaperMetaInput,
  PaperQuery,
  PaperQuestionView,
  PaperRow,
  PaperStatistics,
  PaperUsage,
  PickRow,
  SectionView,
  SectionsInput,
  SelectedQuestion,
} from '@kaopei/shared/contracts/paper';
import {
  copyPaperPosts,
  copySectionContent,
  countExamsUsingPaper,
  deletePaperRecords,
  deleteSections,
  findPaper,
  findPaperInAnyOrg,
  findQuestionId,
  incrementTimesUsed,
  insertPaper,
  insertPaperQuestions,
  insertSection,
  listPaperBankNamesInAnyOrg,
  listPaperPosts,
  listPapersByIds,
  listPapersUsedByExams,
  listPapersUsingQuestion,
  listPickRows,
  listPostIds,
  listQuestionStates,
  listQuestionsPresentInPaper,
  listRandomRules,
  listSectionQuestions,
  listSections,
  movePaperRecords,
  refreshPaperTotals,
  replacePaperPosts,
  searchPaperRecords,
  updatePaperColumns,
  updateQuestionPoints,
  type PaperColumns,
  type PaperRecord,
  type PickRecord,
} from './paper.repo';

export const PAPER_STATUS_LABELS: Readonly<Record<number, string>> = { 0: '草稿', 1: '已保存' };
export const paperNotFound = () => notFound('试卷不存在');

// ---------- access ----------

/** A paper of the caller's organisation (404 otherwise). */
export async function requireOwnPaper(
  db: DbOrTx,
  ctx: RequestContext,
  paperId: number,
): Promise<PaperRecord> {
  const paper = await findPaper(db, ctx, paperId);
  if (!paper) throw paperNotFound();
  return paper;
}

/** Own papers, or a platform paper in a public paper bank (read-only). */
export async function requireReadablePaper(
  db: DbOrTx,
  ctx: RequestContext,
  paperId: number,
): Promise<PaperRecord> {
  const paper = await findPaperInAnyOrg(db, paperId);
  if (!paper) throw paperNotFound();
  if (paper.organizationId === ctx.organizationId) return paper;
  if (
    paper.organizationId === (await platformOrganizationId(db)) &&
    (await canReadBank(db, ctx, paper.paperBankId))
  )
    return paper;
  throw paperNotFound();
}

/** Organisations whose questions may go into the caller's papers: their own and the platform's. */
export async function questionOrgs(db: DbOrTx, ctx: RequestContext): Promise<number[]> {
  const platform = await platformOrganizationId(db);
  return platform === undefined || platform === ctx.organizationId
    ? [ctx.organizationId]
    : [ctx.organizationId, platform];
}

export interface PickableQuestion {
  id: number;
  type: number;
  difficulty: number;
  status: number;
}

/**
 * Questions that may go into a paper: readable (own or platform) — 404 otherwise — and approved
 * (400 naming the question otherwise).
 */
export async function requirePickable(
  db: DbOrTx,
  ctx: RequestContext,
  ids: readonly number[],
): Promise<Map<number, PickableQuestion>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await listQuestionStates(db, await questionOrgs(db, ctx), unique);
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((row) => row.id));
    throw notFound(`试题不存在：${unique.find((id) => !found.has(id)) ?? ''}`);
  }
  const unapproved = rows.find((row) => row.status !== 1);
  if (unapproved) throw badRequest(`试题 ${unapproved.id} 未通过审核，不能加入试卷`);
  return new Map(rows.map((row) => [row.id, row]));
}

// ---------- reading ----------

async function toRows(db: DbOrTx, ctx: RequestContext, records: PaperRecord[]): Promise<PaperRow[]> {
  const ids = records.map((p) => p.id);
  const bankIds = [...new Set(records.flatMap((p) => (p.paperBankId === null ? [] : [p.paperBankId])))];
  const bankNames = new Map<number, string>();
  if (bankIds.length > 0) {
    const rows = await listPaperBankNamesInAnyOrg(db, bankIds);
    for (const row of rows) bankNames.set(row.id, row.name);
  }
  const categories = await categoryNames(
    db,
    records.flatMap((p) => (p.categoryId === null ? [] : [p.categoryId])),
  );
  const postMap = new Map<number, number[]>();
  if (ids.length > 0) {
    const rows = await listPaperPosts(db, ids);
    for (const row of rows) postMap.set(row.paperId, [...(postMap.get(row.paperId) ?? []), row.postId]);
  }
  return records.map((p) => {
    const average = p.avgDifficulty === null ? null : Number(p.avgDifficulty);
    const difficulty = average === null ? null : paperDifficultyOf(average);
    return {
      id: p.id,
      paperId: p.id,
      name: p.name,
      description: p.description,
      type: p.paperType,
      typeLabel: paperTypeLabel(p.paperType),
      status: p.status,
      statusLabel: PAPER_STATUS_LABELS[p.status] ?? '',
      paperBankId: p.paperBankId ?? 0,
      paperBankName: p.paperBankId === null ? '' : (bankNames.get(p.paperBankId) ?? ''),
      categoryId: p.categoryId ?? 0,
      categoryName: p.categoryId === null ? '' : (categories.get(p.categoryId) ?? ''),
      settings: p.settings,
      postIds: (postMap.get(p.id) ?? []).sort((a, b) => a - b),
      totalScore: Number(p.totalScore),
      questionCount: p.questionCount,
      averageDifficulty: average,
      difficulty,
      difficultyLabel: difficulty ? PAPER_DIFFICULTY_LABELS[difficulty] : '',
      timesUsed: p.timesUsed,
      editable: p.organizationId === ctx.organizationId,
      createdAt: p.createdAt.getTime(),
      updatedAt: p.updatedAt.getTime(),
    };
  });
}

export async function sectionsOf(db: DbOrTx, paperId: number): Promise<SectionView[]> {
  const sections = await listSections(db, paperId);
  const items = await listSectionQuestions(db, paperId);
  const rules = await listRandomRules(db, paperId);
  return sections.map((section) => ({
    sectionId: section.id,
    name: section.name,
    sort: section.sort,
    questionVOS: items
      .filter((item) => item.sectionId === section.id)
      .map((item) => ({
        id: item.id,
        questionId: item.id,
        questionType: item.type,
        type: item.type,
        typeLabel: questionTypeLabel(item.type),
        stem: item.stem,
        stemText: item.stemText,
        options: (item.options as PaperQuestionView['options']) ?? null,
        answer: item.answer ?? null,
        analysis: item.analysis,
        difficulty: item.difficulty,
        bankId: item.bankId,
        bankName: item.bankName,
        points: Number(item.points),
        sort: item.sort,
      })),
    randomRules: rules
      .filter((rule) => rule.sectionId === section.id)
      .map((rule) => ({
        ruleId: rule.id,
        type: rule.type,
        typeLabel: questionTypeLabel(rule.type),
        count: rule.count,
        points: Number(rule.points),
        bankIds: rule.bankIds,
        knowledgeIds: rule.knowledgeIds,
        tagIds: rule.tagIds,
        difficultyMin: rule.difficultyMin,
        difficultyMax: rule.difficultyMax,
      })),
  }));
}

async function statisticsOf(
  db: DbOrTx,
  paper: PaperRecord,
  sections: SectionView[],
): Promise<PaperStatistics> {
  const items = sections.flatMap((section) => section.questionVOS);
  // A random paper drawn per candidate has rules instead of questions: its totals come from the rules.
  const ruleItems =
    items.length === 0 && paper.settings.drawPerCandidate
      ? sections.flatMap((section) =>
          section.randomRules.flatMap((rule) =>
            Array.from({ length: rule.count }, () => ({
              questionType: rule.type,
              points: rule.points,
              difficulty: (rule.difficultyMin + rule.difficultyMax) / 2,
            })),
          ),
        )
      : items.map((item) => ({ questionType: item.type, points: item.points, difficulty: item.difficulty }));
  const totals = questionTotals(ruleItems);
  const examCount = await countExamsUsingPaper(db, paper.id);
  return {
    paperId: paper.id,
    questionCount: totals.questionCount,
    totalScore: totals.totalScore,
    typeMix: totals.typeMix,
    averageDifficulty: totals.averageDifficulty,
    difficulty: totals.difficulty,
    difficultyLabel: totals.difficulty ? PAPER_DIFFICULTY_LABELS[totals.difficulty] : '',
    timesUsed: paper.timesUsed,
    examCount,
  };
}

async function detailOf(db: DbOrTx, ctx: RequestContext, paper: PaperRecord): Promise<PaperDetail> {
  const [row] = await toRows(db, ctx, [paper]);
  const sectionVOS = await sectionsOf(db, paper.id);
  const statistics = await statisticsOf(db, paper, sectionVOS);
  return {
    ...(row as PaperRow),
    // Live figures: a question deleted since the last save has left the paper.
    totalScore: statistics.totalScore,
    questionCount: statistics.questionCount,
    averageDifficulty: statistics.averageDifficulty,
    difficulty: statistics.difficulty,
    difficultyLabel: statistics.difficultyLabel,
    sectionVOS,
    statistics,
  };
}

export async function getPaper(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<PaperDetail> {
  return detailOf(db, ctx, await requireOwnPaper(db, ctx, paperId));
}

/** Own papers and the papers of public paper banks. */
export async function getPublicPaper(db: DbOrTx, ctx: RequestContext, paperId: number): Promise<PaperDetail> {
  return detailOf(db, ctx, await requireReadablePaper(db, ctx, paperId));
}

export async function paperStatistics(
  db: DbOrTx,
  ctx: RequestContext,
  paperId: number,
): Promise<PaperStatistics> {
  const paper = await requireOwnPaper(db, ctx, paperId);
  return statisticsOf(db, paper, await sectionsOf(db, paper.id));
}

/** Paged search with the spec's Paper query (category includes sub-categories; posts: any of them). */
export async function searchPapers(
  db: Db,
  ctx: RequestContext,
  query: PaperQuery,
): Promise<{ rows: PaperRow[]; total: number }> {
  const categoryIds = query.categoryId ? await categoryWithDescendants(db, ctx, query.categoryId) : undefined;
  const { records, total } = await searchPaperRecords(db, ctx, query, categoryIds);
  return { rows: await toRows(db, ctx, records), total };
}

// ---------- writing ----------

/** Validates references of the paper's own fields; returns the columns to write. */
export async function metaColumns(
  db: DbOrTx,
  ctx: RequestContext,
  input: Partial<PaperMetaInput>,
): Promise<PaperColumns> {
  const columns: PaperColumns = {};
  if (input.name !== undefined) columns.name = input.name;
  if (input.description !== undefined) columns.description = input.description || null;
  if (input.type !== undefined) columns.paperType = input.type;
  if (input.settings !== undefined) columns.settings = input.settings;
  if (input.status !== undefined) columns.status = input.status;
  if (input.paperBankId !== undefined) {
    if (input.paperBankId === 0) columns.paperBankId = null;
    else {
      const bank = await requireOwnPaperBank(db, ctx, input.paperBankId);
      columns.paperBankId = bank.id;
      // A paper filed in a bank takes the bank's category unless one is given.
      if (input.categoryId === undefined && bank.categoryId !== null) columns.categoryId = bank.categoryId;
    }
  }
  if (input.categoryId !== undefined) {
    if (input.categoryId === 0) columns.categoryId = null;
    else columns.categoryId = (await requireCategory(db, ctx, input.categoryId)).id;
  }
  if (input.postIds !== undefined && input.postIds.length > 0) {
    const unique = [...new Set(input.postIds)];
    const found = await listPostIds(db, ctx, unique);
    if (found.length !== unique.length) throw notFound('岗位不存在');
  }
  return columns;
}

export async function writePosts(tx: DbOrTx, paperId: number, postIds: number[] | undefined): Promise<void> {
  if (postIds === undefined) return;
  await replacePaperPosts(tx, paperId, [...new Set(postIds)]);
}

/** Checks sections before anything is written: questions pickable and none twice. */
export async function checkSections(db: DbOrTx, ctx: RequestContext, sections: SectionsInput): Promise<void> {
  const ids = sections.flatMap((section) => section.questionVOS.map((q) => q.questionId));
  const seen = new Set<number>();
  for (const id of ids) {
    if (seen.has(id)) throw badRequest(`试题 ${id} 在试卷中重复`);
    seen.add(id);
  }
  await requirePickable(db, ctx, ids);
}

/** Replaces a paper's sections and questions (random rules go with their sections). */
export async function writeSections(tx: DbOrTx, paperId: number, sections: SectionsInput): Promise<number[]> {
  await deleteSections(tx, paperId);
  const sectionIds: number[] = [];
  for (const [index, section] of sections.entries()) {
    const sectionId = await insertSection(tx, { paperId, name: section.name, sort: index });
    if (sectionId === undefined) throw new Error('section insert failed');
    sectionIds.push(sectionId);
    if (section.questionVOS.length > 0) {
      await insertPaperQuestions(
        tx,
        section.questionVOS.map((q, sort) => ({
          paperId,
          sectionId,
          questionId: q.questionId,
          sort,
          points: roundPoints(q.points ?? DEFAULT_QUESTION_POINTS),
        })),
      );
    }
  }
  return sectionIds;
}

/** Brings the paper's stored totals in line with its questions. */
export async function refreshTotals(tx: DbOrTx, paperId: number): Promise<void> {
  await refreshPaperTotals(tx, paperId);
}

export async function createPaper(
  db: Db,
  ctx: RequestContext,
  input: PaperBodyInput,
  defaults: { status: number; type?: number } = { status: 0 },
): Promise<PaperDetail> {
  const columns = await metaColumns(db, ctx, input);
  if (input.sectionVOS) await checkSections(db, ctx, input.sectionVOS);
  const id = await db.transaction(async (tx) => {
    const paperId = await insertPaper(tx, ctx, {
      paperType: defaults.type ?? 0,
      status: defaults.status,
      ...columns,
      name: input.name,
    });
    if (paperId === undefined) throw new Error('paper insert failed');
    if (input.sectionVOS) await writeSections(tx, paperId, input.sectionVOS);
    await writePosts(tx, paperId, input.postIds);
    await refreshTotals(tx, paperId);
    return paperId;
  });
  return getPaper(db, ctx, id);
}

/** Saves the whole paper: a new one without paperId, else its fields and (when given) content. */
export async function savePaper(
  db: Db,
  ctx: RequestContext,
  input: PaperBodyInput & { paperId?: number },
): Promise<PaperDetail> {
  if (input.paperId === undefined) return createPaper(db, ctx, input, { status: 1 });
  const paper = await requireOwnPaper(db, ctx, input.paperId);
  const columns = await metaColumns(db, ctx, input);
  if (input.sectionVOS) await checkSections(db, ctx, input.sectionVOS);
  await db.transaction(async (tx) => {
    await updatePaperColumns(tx, ctx, paper.id, { status: 1, ...columns, updatedAt: new Date() });
    if (input.sectionVOS) await writeSections(tx, paper.id, input.sectionVOS);
    await writePosts(tx, paper.id, input.postIds);
    await refreshTotals(tx, paper.id);
  });
  return getPaper(db, ctx, paper.id);
}

/** Changes the paper's own fields (not its content). */
export async function updatePaper(
  db: Db,
  ctx: RequestContext,
  input: Partial<PaperMetaInput> & { paperId: number },
): Promise<PaperDetail> {
  const paper = await requireOwnPaper(db, ctx, input.paperId);
  const columns = await metaColumns(db, ctx, input);
  await db.transaction(async (tx) => {
    await updatePaperColumns(tx, ctx, paper.id, { ...columns, updatedAt: new Date() });
    await writePosts(tx, paper.id, input.postIds);
  });
  return getPaper(db, ctx, paper.id);
}

/** Copies an own or public paper (sections, questions, random rules) as a draft of the caller's organisation. */
export async function copyPaper(
  db: Db,
  ctx: RequestContext,
  paperId: number,
  target: { paperBankId?: number; name?: string },
): Promise<PaperDetail> {
  const source = await requireReadablePaper(db, ctx, paperId);
  const own = source.organizationId === ctx.organizationId;
  const columns = await metaColumns(db, ctx, {
    ...(target.paperBankId !== undefined ? { paperBankId: target.paperBankId } : {}),
  });
  const id = await db.transaction(async (tx) => {
    const paperId = await insertPaper(tx, ctx, {
      name: target.name ?? `${source.name}（副本）`.slice(0, 200),
      paperType: source.paperType,
      description: source.description,
      settings: source.settings,
      paperBankId: own ? source.paperBankId : null,
      categoryId: own ? source.categoryId : null,
      status: 0,
      ...columns,
    });
    if (paperId === undefined) throw new Error('paper insert failed');
    const sections = await listSections(tx, source.id);
    for (const section of sections) {
      const copyId = await insertSection(tx, { paperId, name: section.name, sort: section.sort });
      if (copyId === undefined) throw new Error('section insert failed');
      await copySectionContent(tx, { sectionId: section.id }, { paperId, sectionId: copyId });
    }
    if (own) await copyPaperPosts(tx, source.id, paperId);
    await refreshTotals(tx, paperId);
    return paperId;
  });
  return getPaper(db, ctx, id);
}

async function requireOwnPapers(db: DbOrTx, ctx: RequestContext, ids: number[]): Promise<PaperRecord[]> {
  const unique = [...new Set(ids)];
  const found = await listPapersByIds(db, ctx, unique);
  if (found.length !== unique.length) throw paperNotFound();
  return found;
}

/** Moves papers to another own paper bank (all or nothing); the papers take the bank's category. */
export async function movePapers(
  db: Db,
  ctx: RequestContext,
  paperIds: number[],
  toPaperBankId: number,
): Promise<{ count: number }> {
  const bank = await requireOwnPaperBank(db, ctx, toPaperBankId);
  const found = await requireOwnPapers(db, ctx, paperIds);
  const moved = await movePaperRecords(
    db,
    ctx,
    found.map((p) => p.id),
    { paperBankId: bank.id, ...(bank.categoryId !== null ? { categoryId: bank.categoryId } : {}) },
  );
  return { count: moved.length };
}

/** Deletes papers, all or nothing; a paper an exam uses is refused (409). */
export async function deletePapers(
  db: Db,
  ctx: RequestContext,
  paperIds: number[],
): Promise<{ count: number }> {
  const found = await requireOwnPapers(db, ctx, paperIds);
  const ids = found.map((p) => p.id);
  const used = await listPapersUsedByExams(db, ids);
  if (used.length > 0) {
    const names = found.filter((p) => used.some((u) => u.paperId === p.id)).map((p) => `「${p.name}」`);
    throw conflict(`试卷${names.join('、')}已被考试使用，不能删除`);
  }
  const deleted = await deletePaperRecords(db, ctx, ids);
  return { count: deleted.length };
}

/** Changes points of questions in a paper (one decimal); totals follow. */
export async function modifyPoints(
  db: Db,
  ctx: RequestContext,
  paperId: number,
  changes: { questionId: number; points: number }[],
): Promise<PaperStatistics> {
  const paper = await requireOwnPaper(db, ctx, paperId);
  const ids = [...new Set(changes.map((change) => change.questionId))];
  const present = await listQuestionsPresentInPaper(db, paper.id, ids);
  if (present.length !== ids.length) {
    const found = new Set(present.map((row) => row.questionId));
    throw notFound(`试卷中没有试题 ${ids.find((id) => !found.has(id)) ?? ''}`);
  }
  await db.transaction(async (tx) => {
    for (const change of changes) {
      await updateQuestionPoints(tx, paper.id, change.questionId, roundPoints(change.points));
    }
    await refreshTotals(tx, paper.id);
  });
  return paperStatistics(db, ctx, paper.id);
}

/** Marks the caller's papers as used once more (the exams feature calls it when an exam takes a paper). */
export async function markPapersUsed(
  tx: DbOrTx,
  ctx: Pick<RequestContext, 'organizationId'>,
  paperIds: readonly number[],
): Promise<void> {
  if (paperIds.length === 0) return;
  await incrementTimesUsed(tx, ctx, paperIds);
}

// ---------- the builder's question calls ----------

/** Papers of the caller's organisation that use a question (the question list's "where used"). */
export async function papersUsingQuestion(
  db: Db,
  ctx: RequestContext,
  questionId: number,
): Promise<PaperUsage[]> {
  const question = await findQuestionId(db, await questionOrgs(db, ctx), questionId);
  if (!question) throw notFound('试题不存在');
  const rows = await listPapersUsingQuestion(db, ctx, questionId);
  return rows.map((row) => ({
    ...row,
    statusLabel: PAPER_STATUS_LABELS[row.status] ?? '',
    points: Number(row.points),
    paperBankName: row.paperBankName ?? '',
    updatedAt: row.updatedAt.getTime(),
  }));
}

/** The questions of a paper in order, each with its section and points. */
export async function selectedQuestions(
  db: Db,
  ctx: RequestContext,
  paperId: number,
): Promise<SelectedQuestion[]> {
  const paper = await requireOwnPaper(db, ctx, paperId);
  const sections = await sectionsOf(db, paper.id);
  return sections.flatMap((section) =>
    section.questionVOS.map((q) => ({ ...q, sectionId: section.sectionId, sectionName: section.name })),
  );
}

export function toPickRow(ctx: RequestContext, row: PickRecord): PickRow {
  return {
    id: row.id,
    questionId: row.id,
    questionType: row.type,
    type: row.type,
    typeLabel: questionTypeLabel(row.type),
    stem: row.stem,
    stemText: row.stemText,
    options: (row.options as PickRow['options']) ?? null,
    answer: row.answer ?? null,
    analysis: row.analysis,
    difficulty: row.difficulty,
    bankId: row.bankId,
    bankName: row.bankName,
    points: DEFAULT_QUESTION_POINTS,
    isPublic: row.organizationId !== ctx.organizationId,
  };
}

/** Full rows of picked questions, in the order asked (all readable or 404). */
export async function questionsByIds(db: Db, ctx: RequestContext, ids: number[]): Promise<PickRow[]> {
  const unique = [...new Set(ids)];
  const rows = await listPickRows(db, await questionOrgs(db, ctx), unique);
  if (rows.length !== unique.length) throw notFound('试题不存在');
  const byId = new Map(rows.map((row) => [row.id, toPickRow(ctx, row)]));
  return unique.map((id) => byId.get(id) as PickRow);
}
