import type { ReactNode } from 'react';
import { Card, Skeleton, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageEmpty, PageError } from '../../../app/page-states';
import { fetchKnowledgeGraph, knowledgeKeys } from '../api';
import { KnowledgeGraphChart } from '../components/knowledge-graph-chart';
import '../knowledge.css';

/** 知识图谱: the organisation's knowledge points and their question counts as a graph. */
export default function KnowledgeShowPage(): ReactNode {
  const query = useQuery({ queryKey: knowledgeKeys.graph('org'), queryFn: () => fetchKnowledgeGraph('org') });

  let body: ReactNode;
  if (query.isError && !query.data) {
    body = <PageError description="知识图谱加载失败" onRetry={() => void query.refetch()} />;
  } else if (!query.data) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else if (query.data.nodes.length === 0) {
    body = (
      <PageEmpty description="还没有知识点">
        <Link to="/manage/knowledge/edit">去知识点管理中新增</Link>
      </PageEmpty>
    );
  } else {
    body = <KnowledgeGraphChart graph={query.data} />;
  }

  return (
    <Card className="kp-knowledge-graph" title="知识图谱">
      <Typography.Paragraph type="secondary">
        节点越大表示关联的题目越多（括号内为含下级的题目数），悬停查看各题型题目数；可拖动节点、滚轮缩放。
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
