import {
  psychContracts as psych,
  type GroupView,
  type MentalExamRow,
  type MyMentalRow,
  type MyPaper,
  type MyResult,
  type PsyAnswersIn,
  type PersonResultRow,
  type ScaleDetail,
  type ScaleRow,
} from '@kaopei/shared/contracts/psych';
import { call, callPage, type BodyIn } from '../../lib/api';
import { download } from '../../lib/download';

/** 心理测评 calls (contracts: packages/shared/src/contracts/psych.ts). Paging is zero-based. */

export type {
  GroupView,
  MentalExamRow,
  MyMentalRow,
  MyPaper,
  MyResult,
  PersonResultRow,
  ScaleDetail,
  ScaleRow,
};
export type ScaleBody = BodyIn<typeof psych.scaleAdd>;
export type MentalAddBody = BodyIn<typeof psych.examAdd>;
export type MentalModifyBody = BodyIn<typeof psych.examModify>;
export type AnswerEntry = PsyAnswersIn['answers'][number];

export const psychKeys = {
  all: ['psych'] as const,
  scales: (keyword: string | undefined, page: number, size: number) =>
    ['psych', 'scales', keyword, page, size] as const,
  scale: (scaleId: number) => ['psych', 'scale', scaleId] as const,
  scaleOptions: ['psych', 'scale-options'] as const,
  exams: (keyword: string | undefined, page: number, size: number) =>
    ['psych', 'exams', keyword, page, size] as const,
  group: (mentalExamId: number) => ['psych', 'group', mentalExamId] as const,
  people: (mentalExamId: number, keyword: string | undefined, page: number, size: number) =>
    ['psych', 'people', mentalExamId, keyword, page, size] as const,
  my: (page: number) => ['psych', 'my', page] as const,
  paper: (mentalExamId: number) => ['psych', 'paper', mentalExamId] as const,
  myResult: (mentalExamId: number) => ['psych', 'my-result', mentalExamId] as const,
};

export const fetchScales = (keyword: string | undefined, page = 0, size = 20) =>
  callPage(psych.scaleList, { query: { keyword, page, size } });
export const fetchScale = (scaleId: number) => call(psych.scaleDetail, { query: { scaleId } });
export const fetchScaleOptions = () => call(psych.scaleOptions);
export const addScale = (body: ScaleBody) => call(psych.scaleAdd, { body });
export const modifyScale = (scaleId: number, body: ScaleBody) =>
  call(psych.scaleModify, { query: { scaleId }, body });
export const deleteScale = (scaleId: number) => call(psych.scaleDelete, { query: { scaleId } });

export const fetchMentalExams = (keyword: string | undefined, page = 0, size = 20) =>
  callPage(psych.examList, { query: { keyword, page, size } });
export const addMentalExam = (body: MentalAddBody) => call(psych.examAdd, { body });
export const modifyMentalExam = (body: MentalModifyBody) => call(psych.examModify, { body });
export const deleteMentalExam = (mentalExamId: number) => call(psych.examDelete, { query: { mentalExamId } });

export const fetchGroupView = (mentalExamId: number) => call(psych.groupView, { query: { mentalExamId } });
export const fetchPersonResults = (mentalExamId: number, keyword: string | undefined, page = 0, size = 20) =>
  callPage(psych.personResults, { query: { mentalExamId, keyword, page, size } });
export const exportPersonResults = (mentalExamId: number, examName: string) =>
  download(psych.personExport, { query: { mentalExamId } }, `${examName}_测评结果.xlsx`);

export const fetchMyMental = (page = 0, size = 10) => callPage(psych.myList, { query: { page, size } });
export const fetchMyPaper = (mentalExamId: number) => call(psych.myPaper, { query: { mentalExamId } });
export const saveMyAnswers = (mentalExamId: number, answers: AnswerEntry[]) =>
  call(psych.mySave, { body: { mentalExamId, answers } });
export const submitMyAnswers = (mentalExamId: number, answers: AnswerEntry[]) =>
  call(psych.mySubmit, { body: { mentalExamId, answers } });
export const fetchMyResult = (mentalExamId: number) => call(psych.myResult, { query: { mentalExamId } });
