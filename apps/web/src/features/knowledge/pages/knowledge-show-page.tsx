import type { ReactNode } from 'react';
import { Card, Collapse, Skeleton, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { PageEmpty, PageError } from '../../../app/page-states';
import { fetchKnowledgeGraph, knowledgeKeys } from '../api';
import { KnowledgeGraphChart } from '../components/knowledge-graph-chart';
import { typeCountText } from '../knowledge-rules';
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
    const nodes = query.data.nodes;
    body = (
      <>
        <KnowledgeGraphChart graph={query.data} />
        {/* The canvas cannot be read out or searched: the same counts as a table. */}
        <Collapse
          ghost
          items={[
            {
              key: 'table',
              label: '查看各知识点题目数',
              children: (
                <section aria-label="各知识点题目数">
                  <Table
                    size="small"
                    rowKey="id"
                    pagination={false}
                    scroll={{ y: 400 }}
                    dataSource={nodes}
                    columns={[
                      {
                        title: '知识点',
                        dataIndex: 'name',
                        render: (name: string, node) => (
                          <span style={{ paddingLeft: (node.depth - 1) * 16 }}>{name}</span>
                        ),
                      },
                      { title: '题目数（含下级）', dataIndex: 'questionCount', width: 140 },
                      { title: '本级题目数', dataIndex: 'ownQuestionCount', width: 110 },
                      {
                        title: '各题型',
                        key: 'types',
                        render: (_: unknown, node) => typeCountText(node.typeCounts),
                      },
                    ]}
                  />
                </section>
              ),
            },
          ]}
        />
      </>
    );
  }

  return (
    <Card className="kp-knowledge-graph">
      <Typography.Paragraph type="secondary">
        节点越大表示关联的题目越多（括号内为含下级的题目数），悬停查看各题型题目数；可拖动节点、滚轮缩放。
      </Typography.Paragraph>
      {body}
    </Card>
  );
}
