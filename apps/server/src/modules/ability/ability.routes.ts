import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { abilityContracts } from '@kaopei/shared/contracts/ability';
import { ok, okPage } from '../../core/http';
import { routes } from '../../core/route';
import {
  abilityOptions,
  addAbility,
  addDimension,
  addMaterial,
  deleteAbility,
  deleteDimension,
  deleteMaterial,
  getAbility,
  getModel,
  getPostKnowledge,
  listDimensions,
  modifyAbility,
  modifyDimension,
  modifyMaterial,
  postAbilityQuestionCounts,
  postCourse,
  saveModel,
  savePostKnowledge,
  searchAbilities,
  searchAbilityQuestions,
  searchMaterials,
} from './ability.service';

/** 能力库与岗位能力模型 (contracts: packages/shared/src/contracts/ability.ts). */
export const abilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  routes(app, abilityContracts, {
    dimensionList: async (request) => ok(await listDimensions(db, request.ctx)),
    dimensionAdd: async (request) => ok(await addDimension(db, request.ctx, request.body)),
    dimensionModify: async (request) => ok(await modifyDimension(db, request.ctx, request.body)),
    dimensionDelete: async (request) => ok(await deleteDimension(db, request.ctx, request.query.dimensionId)),
    search: async (request) => {
      const { rows, total } = await searchAbilities(db, request.ctx, request.body ?? {}, request.query);
      return okPage(rows, total);
    },
    simple: async (request) => ok(await abilityOptions(db, request.ctx)),
    get: async (request) => ok(await getAbility(db, request.ctx, request.query.abilityId)),
    add: async (request) => ok(await addAbility(db, request.ctx, request.body)),
    modify: async (request) => ok(await modifyAbility(db, request.ctx, request.body)),
    delete: async (request) => ok(await deleteAbility(db, request.ctx, request.query.abilityId)),
    modelGet: async (request) => ok(await getModel(db, request.ctx, request.query.postId)),
    modelSave: async (request) => ok(await saveModel(db, request.ctx, request.body)),
    knowledgeGet: async (request) => ok(await getPostKnowledge(db, request.ctx, request.query.postId)),
    knowledgeSave: async (request) => ok(await savePostKnowledge(db, request.ctx, request.body)),
    materialSearch: async (request) => {
      const { rows, total } = await searchMaterials(db, request.ctx, request.body ?? {}, request.query);
      return okPage(rows, total);
    },
    materialAdd: async (request) => ok(await addMaterial(db, request.ctx, request.body)),
    materialModify: async (request) => ok(await modifyMaterial(db, request.ctx, request.body)),
    materialDelete: async (request) => ok(await deleteMaterial(db, request.ctx, request.query.materialId)),
    postCourse: async (request) => ok(await postCourse(db, request.ctx, request.query.postId)),
    questionSearch: async (request) => {
      const { rows, total } = await searchAbilityQuestions(db, request.ctx, request.body, request.query);
      return okPage(rows, total);
    },
    postQuestionCount: async (request) =>
      ok(await postAbilityQuestionCounts(db, request.ctx, request.query.postId)),
  });
};
