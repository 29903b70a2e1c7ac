import { postMatchContracts as match } from '@kaopei/shared/contracts/post-match';
import { call, callPage, type BodyIn, type QueryIn } from '../../lib/api';
import { download } from '../../lib/download';

/** 人岗匹配、经理评定与能力分析 (contracts: packages/shared/src/contracts/post-match.ts). */

export type {
  AbilityProfile,
  Heatmap,
  HeatmapCell,
  HeatmapGroup,
  HeatmapPerson,
  LevelAnchor,
  MatchDetail,
  MatchDetailAbility,
  MatchPostOption,
  MatchTreeNode,
  ProfileAbility,
  RankingRow,
  RankingScope,
} from '@kaopei/shared/contracts/post-match';

export type RankingQuery = QueryIn<typeof match.ranking>;
export type HeatmapQuery = QueryIn<typeof match.heatmap>;
export type DrillQuery = QueryIn<typeof match.heatmapPeople>;

export const postMatchKeys = {
  all: ['post-match'] as const,
  posts: ['post-match', 'posts'] as const,
  tree: (postId: number) => ['post-match', 'tree', postId] as const,
  ranking: (query: RankingQuery) => ['post-match', 'ranking', query] as const,
  detail: (postId: number, userId: number) => ['post-match', 'detail', postId, userId] as const,
  profile: (userId: number) => ['post-match', 'profile', userId] as const,
  heatmap: (query: HeatmapQuery) => ['post-match', 'heatmap', query] as const,
  drill: (query: DrillQuery) => ['post-match', 'drill', query] as const,
};

export function fetchMatchPosts() {
  return call(match.posts);
}

export function fetchMatchTree(postId: number) {
  return call(match.tree, { query: { postId } });
}

export function fetchRanking(query: RankingQuery) {
  return callPage(match.ranking, { query });
}

export function fetchMatchDetail(postId: number, userId: number) {
  return call(match.detail, { query: { postId, userId } });
}

export function fetchProfile(userId: number) {
  return call(match.profile, { query: { userId } });
}

export function rateAbility(input: BodyIn<typeof match.rate>) {
  return call(match.rate, { body: input });
}

export function fetchHeatmap(query: HeatmapQuery) {
  return call(match.heatmap, { query });
}

export function fetchHeatmapPeople(query: DrillQuery) {
  return callPage(match.heatmapPeople, { query });
}

export function exportHeatmap(query: HeatmapQuery): Promise<string> {
  return download(match.heatmapExport, { query }, '能力热力图.xlsx');
}

