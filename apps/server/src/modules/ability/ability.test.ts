import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_ABILITY_DIMENSIONS, TagType } from '@kaopei/shared';
import {
  abilityContracts as A,
  type AbilityRow,
  type DimensionRow,
  type LevelAnchor,
  type MaterialRow,
} from '@kaopei/shared/contracts/ability';
import { bankContracts } from '@kaopei/shared/contracts/bank';
import { knowledgeContracts } from '@kaopei/shared/contracts/knowledge';
import { questionContracts } from '@kaopei/shared/contracts/question';
import { tagContracts } from '@kaopei/shared/contracts/tag';
import { call, createOrg, createTestApp, unique, type TestApp, type TestOrg } from '../../../test/harness';
import { api } from '../../../test/factories';
import { createPost, multipart } from '../../../test/support';
import {
  abilities,
  abilityMaterials,
  courses,
  postAbilities,
  postKnowledge,
  questions,
  staffAbilities,
} from '../../db/schema';

let t: TestApp;
let org: TestOrg;
let other: TestOrg;
type Res = Awaited<ReturnType<typeof call>>;
const data = <T>(res: Res) => res.body.res?.data as T;

const anchors = (prefix = ''): LevelAnchor[] =>
  ['入门', '初级', '中级', '高级', '专家'].map((name, index) => ({
    level: index + 1,
    name,
    behaviour: `${prefix}第 ${index + 1} 级的行为表现`,
  }));

interface Fixture {
  dimensionId: number;
  knowledgeId: number;
  tagId: number;
  postId: number;
  questionIds: number[];
}

/** A knowledge point and a question tag, three questions (two approved: one on each), a post. */
async function fixture(o: TestOrg): Promise<Fixture> {
  const admin = o.admin;
  const dimensions = await api(t, admin, A.dimensionList);
  const knowledge = await api(t, admin, knowledgeContracts.add, { body: { name: unique('知识点') } });
  const tag = await api(t, admin, tagContracts.add, {
    body: { type: TagType.QUESTION, name: unique('标签') },
  });
  const bank = await api(t, admin, bankContracts.add, { body: { name: unique('题库') } });
  const single = {
    bankId: bank.bankId,
    type: 1 as const,
    stem: 'Java 中哪个关键字声明常量？',
    options: [
      { content: 'final', correct: true },
      { content: 'const', correct: false },
    ],
    difficulty: 4,
  };
  const q1 = await api(t, admin, questionContracts.add, {
    body: { ...single, knowledgeIds: [knowledge.id] },
  });
  const q2 = await api(t, admin, questionContracts.add, {
    body: { bankId: bank.bankId, type: 0, stem: 'JVM 有垃圾回收。', answer: true, tagIds: [tag.tagId] },
  });
  const pending = await api(t, admin, questionContracts.add, {
    body: { ...single, knowledgeIds: [knowledge.id] },
  });
  // An administrator's questions are approved on save; the third one is put back to 待审核.
  await t.app.deps.db.update(questions).set({ status: 0 }).where(eq(questions.id, pending.questionId));
  return {
    dimensionId: dimensions[0]?.id ?? 0,
    knowledgeId: knowledge.id,
    tagId: tag.tagId,
    postId: await createPost(t, o, unique('岗位')),
    questionIds: [q1.questionId, q2.questionId, pending.questionId],
  };
}

let mine: Fixture;
let theirs: Fixture;
let theirAbility: AbilityRow;

beforeAll(async () => {
  t = await createTestApp();
  org = await createOrg(t);
  other = await createOrg(t);
  mine = await fixture(org);
  theirs = await fixture(other);
  theirAbility = await api(t, other.admin, A.add, {
    body: {
      name: '他人的能力',
      dimensionId: theirs.dimensionId,
      levels: anchors(),
      knowledgeIds: [theirs.knowledgeId],
    },
  });
});
afterAll(() => t.close());

async function addAbility(name: string, extra: Partial<{ knowledgeIds: number[]; tagIds: number[] }> = {}) {
  return api(t, org.admin, A.add, {
    body: { name, dimensionId: mine.dimensionId, levels: anchors(name), ...extra },
  });
}

async function uploadText(o: TestOrg): Promise<number> {
  const upload = multipart(
    {},
    { name: '手册.txt', data: Buffer.from('学习手册'), contentType: 'text/plain' },
  );
  const file = await t.app.inject({
    method: 'POST',
    url: '/user/api/v1/files/upload',
    headers: { ...upload.headers, authorization: `Bearer ${o.admin.token}` },
    payload: upload.payload,
  });
  return (file.json() as { res: { data: { id: number } } }).res.data.id;
}

const post = (url: string, body?: unknown, user = org.admin) => call(t, 'POST', url, { user, body });
const get = (url: string, user = org.admin) => call(t, 'GET', url, { user });

describe('dimensions', () => {
  it('starts a library with the default dimensions once, and adds, renames and deletes', async () => {
    const first = data<DimensionRow[]>(await get(A.dimensionList.path));
    expect(first.map((d) => d.name)).toEqual([...DEFAULT_ABILITY_DIMENSIONS]);
    expect(data<DimensionRow[]>(await get(A.dimensionList.path))).toHaveLength(4);

    const added = data<DimensionRow>(await post(A.dimensionAdd.path, { name: '数字化素养' }));
    expect(added).toMatchObject({ name: '数字化素养', abilityCount: 0, sort: 4 });
    const clash = await post(A.dimensionAdd.path, { name: '数字化素养' });
    expect(clash.status).toBe(409);
    const empty = await post(A.dimensionAdd.path, { name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('维度名称');

    const renamed = await post(A.dimensionModify.path, { dimensionId: added.id, name: '数字素养' });
    expect(data<DimensionRow>(renamed).name).toBe('数字素养');
    // Another organisation's dimension: not found, unchanged.
    const foreign = await post(A.dimensionModify.path, { dimensionId: theirs.dimensionId, name: '改名' });
    expect(foreign.status).toBe(404);
    expect((await post(`${A.dimensionDelete.path}?dimensionId=${theirs.dimensionId}`)).status).toBe(404);
    const theirList = await api(t, other.admin, A.dimensionList);
    expect(theirList.find((d) => d.id === theirs.dimensionId)?.name).toBe(DEFAULT_ABILITY_DIMENSIONS[0]);

    // A dimension holding abilities is kept.
    await addAbility(unique('维度内能力'));
    const refused = await post(`${A.dimensionDelete.path}?dimensionId=${mine.dimensionId}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('还有');
    expect((await post(`${A.dimensionDelete.path}?dimensionId=${added.id}`)).status).toBe(200);
    const after = data<DimensionRow[]>(await get(A.dimensionList.path));
    expect(after.map((d) => d.id)).not.toContain(added.id);
    expect(after.map((d) => d.id)).toContain(mine.dimensionId);
  });
});

describe('abilities', () => {
  it('adds an ability with five anchors and its links, counting the approved questions measuring it', async () => {
    const ability = await addAbility('Java编程', { knowledgeIds: [mine.knowledgeId], tagIds: [mine.tagId] });
    expect(ability.levels).toHaveLength(5);
    expect(ability.knowledge.map((k) => k.id)).toEqual([mine.knowledgeId]);
    expect(ability.tags.map((k) => k.id)).toEqual([mine.tagId]);
    // Two approved questions (one on the knowledge point, one with the tag); the pending one does not count.
    expect(ability.questionCount).toBe(2);

    const fetched = data<AbilityRow>(await get(`${A.get.path}?abilityId=${ability.id}`));
    expect(fetched.levels[4]).toMatchObject({ level: 5, name: '专家' });
    const found = await post(`${A.search.path}?page=0&size=10`, {
      keyword: 'Java',
      dimensionId: mine.dimensionId,
    });
    expect(data<AbilityRow[]>(found).map((a) => a.id)).toEqual([ability.id]);
    expect(found.body.res?.total).toBe(1);

    const modified = await post(A.modify.path, {
      abilityId: ability.id,
      name: 'Java 编程',
      dimensionId: mine.dimensionId,
      levels: anchors('改'),
      knowledgeIds: [mine.knowledgeId],
      tagIds: [],
    });
    expect(modified.status).toBe(200);
    expect(data<AbilityRow>(modified)).toMatchObject({ name: 'Java 编程', tags: [], questionCount: 1 });
    const names = (await api(t, org.admin, A.simple)).map((a) => a.name);
    expect(names).toContain('Java 编程');
    expect(names).not.toContain('他人的能力');
  });

  it('refuses anchors that are not five non-empty levels in order, storing nothing', async () => {
    const count = async () => (await t.app.deps.db.select().from(abilities)).length;
    const before = await count();
    const four = await post(A.add.path, {
      name: '四级',
      dimensionId: mine.dimensionId,
      levels: anchors().slice(0, 4),
    });
    expect(four.status).toBe(400);
    expect(four.body.message).toContain('恰好 5 级');
    const swapped = anchors();
    [swapped[0], swapped[1]] = [swapped[1] as LevelAnchor, swapped[0] as LevelAnchor];
    const disorder = await post(A.add.path, { name: '乱序', dimensionId: mine.dimensionId, levels: swapped });
    expect(disorder.status).toBe(400);
    expect(disorder.body.message).toContain('顺序');
    const blank = anchors();
    blank[2] = { level: 3, name: '中级', behaviour: '  ' };
    const empty = await post(A.add.path, { name: '空描述', dimensionId: mine.dimensionId, levels: blank });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain('行为描述不能为空');
    expect(await count()).toBe(before);
  });

  it("never reads, links or changes another organisation's rows", async () => {
    const count = async () => (await t.app.deps.db.select().from(abilities)).length;
    const before = await count();
    expect((await get(`${A.get.path}?abilityId=${theirAbility.id}`)).status).toBe(404);
    // Filters naming their rows find nothing of theirs.
    const byTheirDimension = await post(`${A.search.path}?page=0&size=10`, {
      dimensionId: theirs.dimensionId,
    });
    expect(byTheirDimension.body.res?.total).toBe(0);
    const body = { name: unique('越权'), dimensionId: mine.dimensionId, levels: anchors() };
    expect((await post(A.add.path, { ...body, dimensionId: theirs.dimensionId })).status).toBe(404);
    expect((await post(A.add.path, { ...body, knowledgeIds: [theirs.knowledgeId] })).status).toBe(404);
    expect((await post(A.add.path, { ...body, tagIds: [theirs.tagId] })).status).toBe(404);
    expect(await count()).toBe(before);
    const modify = await post(A.modify.path, { ...body, abilityId: theirAbility.id });
    expect(modify.status).toBe(404);
    expect((await post(`${A.delete.path}?abilityId=${theirAbility.id}`)).status).toBe(404);
    const [stored] = await t.app.deps.db.select().from(abilities).where(eq(abilities.id, theirAbility.id));
    expect(stored?.name).toBe('他人的能力');
    // An ability with people's measured levels is kept (deleting it would erase their profiles).
    const rated = await addAbility(unique('已评定'));
    await t.app.deps.db.insert(staffAbilities).values({
      organizationId: org.id,
      userId: org.staff.id,
      abilityId: rated.id,
      ratingLevel: 3,
      level: 3,
    });
    const keep = await post(`${A.delete.path}?abilityId=${rated.id}`);
    expect(keep.status).toBe(409);
    expect(keep.body.message).toContain('测评或评定结果');
    // An unused ability is deleted with its links.
    const spare = await addAbility(unique('闲置'), { knowledgeIds: [mine.knowledgeId] });
    expect((await post(`${A.delete.path}?abilityId=${spare.id}`)).status).toBe(200);
    expect(await t.app.deps.db.select().from(abilities).where(eq(abilities.id, spare.id))).toHaveLength(0);
    // A member without the ability page may not write.
    expect((await post(A.add.path, body, org.staff)).status).toBe(403);
  });
});

describe('post model and knowledge map', () => {
  it('saves a model whose weights sum to 100 and refuses everything else, changing nothing', async () => {
    const a = await addAbility(unique('模型甲'));
    const b = await addAbility(unique('模型乙'));
    const save = (items: unknown[], postId = mine.postId) => post(A.modelSave.path, { postId, items });
    const good = await save([
      { abilityId: a.id, requiredLevel: 4, weight: 60 },
      { abilityId: b.id, requiredLevel: 3, weight: 40 },
    ]);
    expect(good.status).toBe(200);
    const stored = async () =>
      t.app.deps.db.select().from(postAbilities).where(eq(postAbilities.postId, mine.postId));
    expect((await stored()).map((r) => [r.abilityId, r.requiredLevel, r.weight])).toEqual([
      [a.id, 4, 60],
      [b.id, 3, 40],
    ]);

    const short = await save([
      { abilityId: a.id, requiredLevel: 4, weight: 60 },
      { abilityId: b.id, requiredLevel: 3, weight: 30 },
    ]);
    expect(short.status).toBe(400);
    expect(short.body.message).toContain('能力权重');
    const level = await save([{ abilityId: a.id, requiredLevel: 6, weight: 100 }]);
    expect(level.status).toBe(400);
    expect(level.body.message).toContain('要求等级');
    const twice = await save([
      { abilityId: a.id, requiredLevel: 2, weight: 50 },
      { abilityId: a.id, requiredLevel: 3, weight: 50 },
    ]);
    expect(twice.status).toBe(400);
    expect((await save([{ abilityId: theirAbility.id, requiredLevel: 3, weight: 100 }])).status).toBe(404);
    expect((await save([{ abilityId: a.id, requiredLevel: 3, weight: 100 }], theirs.postId)).status).toBe(
      404,
    );
    expect(await stored()).toHaveLength(2);
    const theirRows = await t.app.deps.db
      .select()
      .from(postAbilities)
      .where(eq(postAbilities.postId, theirs.postId));
    expect(theirRows).toHaveLength(0);

    const model = await api(t, org.admin, A.modelGet, { query: { postId: mine.postId } });
    expect(model).toMatchObject({ totalWeight: 100 });
    expect(model.items[0]).toMatchObject({ abilityId: a.id, requiredLevel: 4, weight: 60 });
    expect(model.items[0]?.levels).toHaveLength(5);
    expect((await get(`${A.modelGet.path}?postId=${theirs.postId}`)).status).toBe(404);
    // An ability in a model is kept.
    const refused = await post(`${A.delete.path}?abilityId=${a.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('岗位能力模型');
  });

  it("saves a post's knowledge map with mastery 1–4", async () => {
    const save = (items: unknown[], postId = mine.postId) => post(A.knowledgeSave.path, { postId, items });
    const saved = await save([{ knowledgeId: mine.knowledgeId, mastery: 3 }]);
    expect(saved.status).toBe(200);
    expect((await save([{ knowledgeId: mine.knowledgeId, mastery: 5 }])).body.message).toContain('掌握程度');
    expect((await save([{ knowledgeId: theirs.knowledgeId, mastery: 2 }])).status).toBe(404);
    expect((await save([{ knowledgeId: mine.knowledgeId, mastery: 2 }], theirs.postId)).status).toBe(404);
    expect((await get(`${A.knowledgeGet.path}?postId=${theirs.postId}`)).status).toBe(404);
    const map = await api(t, org.admin, A.knowledgeGet, { query: { postId: mine.postId } });
    expect(map.items).toEqual([
      expect.objectContaining({ knowledgeId: mine.knowledgeId, mastery: 3, masteryLabel: '掌握' }),
    ]);
    const rows = await t.app.deps.db
      .select()
      .from(postKnowledge)
      .where(eq(postKnowledge.postId, mine.postId));
    expect(rows.map((r) => r.mastery)).toEqual([3]);
  });
});

describe('materials and the learning path', () => {
  it('adds links and documents per level, refuses bad ones, and builds the post course', async () => {
    const ability = await addAbility(unique('素材能力'));
    const postId = await createPost(t, org, unique('素材岗位'));
    await api(t, org.admin, A.modelSave, {
      body: { postId, items: [{ abilityId: ability.id, requiredLevel: 2, weight: 100 }] },
    });
    const link = (level: number | null, minutes: number) =>
      api(t, org.admin, A.materialAdd, {
        body: {
          abilityId: ability.id,
          level,
          kind: 'link',
          title: `L${level}`,
          url: 'https://example.com/a',
          minutes,
        },
      });
    const all = await link(null, 30);
    const one = await link(1, 20);
    await link(3, 90);
    expect(all).toMatchObject({ kind: 'link', kindLabel: '链接', level: null });

    const fileId = await uploadText(org);
    const doc = data<MaterialRow>(
      await post(A.materialAdd.path, {
        abilityId: ability.id,
        level: 2,
        kind: 'document',
        title: '手册',
        fileId,
      }),
    );
    expect(doc.url).toMatch(/^\/api\/files\//);

    const base = { abilityId: ability.id, level: 1, title: '坏素材' };
    const ftp = await post(A.materialAdd.path, { ...base, kind: 'link', url: 'ftp://example.com' });
    expect(ftp.status).toBe(400);
    expect(ftp.body.message).toContain('链接地址');
    const noCourse = await post(A.materialAdd.path, { ...base, kind: 'course', url: 'https://x.cn' });
    expect(noCourse.status).toBe(400);
    expect(noCourse.body.message).toBe('请选择课程');
    const courseOf = async (organizationId: number) =>
      (await t.app.deps.db.insert(courses).values({ organizationId, name: '岗位必学课' }).returning())[0]!.id;
    const ourCourse = await courseOf(org.id);
    const courseMaterial = data<MaterialRow>(
      await post(A.materialAdd.path, { ...base, kind: 'course', courseId: ourCourse }),
    );
    expect(courseMaterial).toMatchObject({
      kind: 'course',
      courseId: ourCourse,
      url: `/m/courses/${ourCourse}`,
    });
    const theirCourse = await post(A.materialAdd.path, {
      ...base,
      kind: 'course',
      courseId: await courseOf(other.id),
    });
    expect(theirCourse.status).toBe(404);
    // The post course below counts the link and document materials only.
    await t.app.deps.db.delete(abilityMaterials).where(eq(abilityMaterials.id, courseMaterial.id));
    expect((await post(A.materialAdd.path, { ...base, kind: 'document' })).status).toBe(400);
    expect(
      (await post(A.materialAdd.path, { ...base, level: 6, kind: 'link', url: 'https://x.cn' })).status,
    ).toBe(400);
    expect(
      (
        await post(A.materialAdd.path, {
          ...base,
          abilityId: theirAbility.id,
          kind: 'link',
          url: 'https://x.cn',
        })
      ).status,
    ).toBe(404);

    const theirMaterial = await api(t, other.admin, A.materialAdd, {
      body: { abilityId: theirAbility.id, kind: 'link', title: '他们的', url: 'https://example.com' },
    });
    const otherFile = await post(A.materialAdd.path, {
      ...base,
      kind: 'document',
      fileId: await uploadText(other),
    });
    expect(otherFile.status).toBe(404);
    expect(
      (
        await post(A.materialModify.path, {
          ...base,
          materialId: theirMaterial.id,
          kind: 'link',
          url: 'https://x.cn',
        })
      ).status,
    ).toBe(404);
    expect((await post(`${A.materialDelete.path}?materialId=${theirMaterial.id}`)).status).toBe(404);
    const byTheirAbility = await post(`${A.materialSearch.path}?page=0&size=10`, {
      abilityId: theirAbility.id,
    });
    expect(byTheirAbility.body.res?.total).toBe(0);
    const [kept] = await t.app.deps.db
      .select()
      .from(abilityMaterials)
      .where(eq(abilityMaterials.id, theirMaterial.id));
    expect(kept?.title).toBe('他们的');

    const found = await post(`${A.materialSearch.path}?page=0&size=10`, {
      abilityId: ability.id,
      kind: 'link',
    });
    expect(found.body.res?.total).toBe(3);
    const modified = await post(A.materialModify.path, {
      materialId: one.id,
      abilityId: ability.id,
      level: 1,
      kind: 'link',
      title: '入门视频',
      url: 'http://example.com/v',
      minutes: 25,
    });
    expect(data<MaterialRow>(modified)).toMatchObject({ title: '入门视频', minutes: 25 });

    // Levels up to the required level 2: all-level, level 1, level 2 (not level 3).
    const course = await api(t, org.admin, A.postCourse, { query: { postId } });
    expect(course.abilities[0]?.materials.map((m) => m.id)).toEqual([all.id, one.id, doc.id]);
    expect(course.totalMinutes).toBe(55);
    expect((await get(`${A.postCourse.path}?postId=${theirs.postId}`)).status).toBe(404);

    expect((await post(`${A.materialDelete.path}?materialId=${one.id}`)).status).toBe(200);
    const left = await t.app.deps.db
      .select()
      .from(abilityMaterials)
      .where(eq(abilityMaterials.abilityId, ability.id));
    expect(left).toHaveLength(3);
  });
});

describe('ability questions', () => {
  it('lists the approved questions measuring an ability and counts them per post ability by type', async () => {
    const ability = await addAbility(unique('测量能力'), {
      knowledgeIds: [mine.knowledgeId],
      tagIds: [mine.tagId],
    });
    const search = (body: unknown) => post(`${A.questionSearch.path}?page=0&size=10`, body);
    const res = await search({ abilityId: ability.id });
    expect(res.status).toBe(200);
    expect(
      data<{ id: number }[]>(res)
        .map((q) => q.id)
        .sort(),
    ).toEqual(mine.questionIds.slice(0, 2).sort());
    const judges = await search({ abilityId: ability.id, type: 0 });
    expect(data<{ id: number; typeLabel: string }[]>(judges)).toEqual([
      expect.objectContaining({ id: mine.questionIds[1] }),
    ]);
    expect((await search({ abilityId: ability.id, difficultyMin: 11 })).status).toBe(400);
    expect((await search({ abilityId: theirAbility.id })).status).toBe(404);

    const postId = await createPost(t, org, unique('题量岗位'));
    await api(t, org.admin, A.modelSave, {
      body: { postId, items: [{ abilityId: ability.id, requiredLevel: 3, weight: 100 }] },
    });
    const counts = await api(t, org.admin, A.postQuestionCount, { query: { postId } });
    expect(counts).toEqual([
      expect.objectContaining({ abilityId: ability.id, total: 2, typeCounts: { '0': 1, '1': 1 } }),
    ]);
    expect((await post(`${A.postQuestionCount.path}?postId=${theirs.postId}`)).status).toBe(404);
  });
});

describe('the ability library at its edges', () => {
  it('changes a dimension’s description and order alone, and refuses another dimension’s name', async () => {
    const first = data<DimensionRow>(await post(A.dimensionAdd.path, { name: unique('维度甲') }));
    const second = data<DimensionRow>(await post(A.dimensionAdd.path, { name: unique('维度乙') }));
    const changed = await post(A.dimensionModify.path, {
      dimensionId: first.id,
      description: '说明',
      sort: 9,
    });
    expect(data<DimensionRow>(changed)).toMatchObject({ name: first.name, description: '说明', sort: 9 });
    expect((await post(A.dimensionModify.path, { dimensionId: first.id, name: first.name })).status).toBe(
      200,
    );
    const clash = await post(A.dimensionModify.path, { dimensionId: first.id, name: second.name });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(`已有名为「${second.name}」的能力维度`);
    const listed = data<DimensionRow[]>(await get(A.dimensionList.path)).find((d) => d.id === first.id);
    expect(listed).toMatchObject({ name: first.name, description: '说明', sort: 9 });
  });

  it('refuses a taken name, a missing dimension and another organisation’s knowledge or tags, storing nothing', async () => {
    const taken = await addAbility(unique('重名能力'));
    const body = { dimensionId: mine.dimensionId, levels: anchors() };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...body, name: taken.name }, 409, `已有名为「${taken.name}」的能力`],
      [{ ...body, name: unique('能力'), dimensionId: theirs.dimensionId }, 404, '能力维度不存在'],
      [
        { ...body, name: unique('能力'), knowledgeIds: [theirs.knowledgeId] },
        404,
        '知识点不存在或不属于本组织',
      ],
      [{ ...body, name: unique('能力'), tagIds: [theirs.tagId] }, 404, '试题标签不存在或不属于本组织'],
    ];
    for (const [input, status, message] of cases) {
      const res = await post(A.add.path, input);
      expect(res.status, message).toBe(status);
      expect(res.body.message).toBe(message);
      const stored = await t.app.deps.db
        .select()
        .from(abilities)
        .where(eq(abilities.name, String(input.name)));
      expect(stored.length, message).toBe(input.name === taken.name ? 1 : 0);
    }
    // Keeping its own name is not a clash.
    const same = await post(A.modify.path, {
      abilityId: taken.id,
      name: taken.name,
      ...body,
      description: '新说明',
    });
    expect(same.status).toBe(200);
    expect(data<AbilityRow>(same).description).toBe('新说明');
  });

  it('orders new abilities after the last of their dimension, and searches by dimension or keyword alone', async () => {
    const dimension = data<DimensionRow>(await post(A.dimensionAdd.path, { name: unique('排序维度') }));
    const add = (name: string) =>
      api(t, org.admin, A.add, { body: { name, dimensionId: dimension.id, levels: anchors() } });
    const first = await add(unique('甲能力'));
    const second = await add(unique('乙能力'));
    const sorts = await t.app.deps.db.select().from(abilities).where(eq(abilities.dimensionId, dimension.id));
    expect(new Map(sorts.map((row) => [row.id, row.sort]))).toEqual(
      new Map([
        [first.id, 0],
        [second.id, 1],
      ]),
    );
    const byDimension = await post(`${A.search.path}?page=0&size=10`, { dimensionId: dimension.id });
    expect(
      data<AbilityRow[]>(byDimension)
        .map((a) => a.id)
        .sort(),
    ).toEqual([first.id, second.id].sort());
    expect(byDimension.body.res?.total).toBe(2);
    const byKeyword = await post(`${A.search.path}?page=0&size=10`, { keyword: second.name });
    expect(data<AbilityRow[]>(byKeyword).map((a) => a.id)).toEqual([second.id]);
    const page = await post(`${A.search.path}?page=1&size=1`, { dimensionId: dimension.id });
    expect(data<AbilityRow[]>(page)).toHaveLength(1);
    expect(page.body.res?.total).toBe(2);
  });
});
