/**
 * Papers (spec §7: paper create, save, update, copy, move, delete, paged search, detail, statistics;
 * random papers; intelligent generation) and the paper builder's question calls.
 */

/** Menu URLs of 试卷管理 (modules/menu/menu.data.ts) that the paper routes check. */
export const PAPER_BANK_MENU = '/manage/paperBankMgt';
export const PAPER_LIST_MENU = '/manage/paper/list';
export const PAPER_MANUAL_MENU = '/manage/paper/manual';
export const PAPER_RANDOM_MENU = '/manage/paper/random';
export const PAPER_AUTO_MENU = '/manage/paper/auto';
export const PAPER_POST_MENU = '/manage/paper/post';
export const EXAM_AUTO_MENU = '/manage/exam/auto';

/** Building and changing papers: the list page and every builder. */
export const PAPER_WRITE_MENUS = [
  PAPER_LIST_MENU,
  PAPER_MANUAL_MENU,
  PAPER_RANDOM_MENU,
  PAPER_AUTO_MENU,
  PAPER_POST_MENU,
];
/** Reading papers, banks and categories: any page of 试卷管理. */
export const PAPER_READ_MENUS = [PAPER_BANK_MENU, ...PAPER_WRITE_MENUS];
