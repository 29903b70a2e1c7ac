import type { ReactNode } from 'react';
import { Card, List, Statistic, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PageEmpty, PageError, PageLoading } from '../../../app/page-states';
import { abilityKeys, fetchPostCourse } from '../api';
import { formatMinutes } from '../ability-rules';
import { PostSelect, usePostIdParam } from '../components/post-select';
import { MaterialLink } from '../components/material-link';
import '../ability.css';

/** /manage/post/course: the post's learning path — materials per ability up to the required level. */
export default function PostCoursePage(): ReactNode {
  const [postId, setPostId] = usePostIdParam();
  return (
    <div className="kp-page">
      <div className="kp-ability-toolbar" style={{ justifyContent: 'flex-start' }}>
        <label htmlFor="ability-post-select">岗位</label>
        <PostSelect value={postId} onChange={setPostId} />
      </div>
      {postId === undefined ? (
        <PageEmpty description="请选择岗位，查看它的学习路径" />
      ) : (
        <CourseList postId={postId} />
      )}
    </div>
  );
}

function CourseList({ postId }: { postId: number }): ReactNode {
  const course = useQuery({ queryKey: abilityKeys.course(postId), queryFn: () => fetchPostCourse(postId) });
  if (course.isPending) return <PageLoading />;
  if (course.isError)
    return <PageError description="岗位课程加载失败，请稍后重试。" onRetry={() => void course.refetch()} />;
  const { abilities, totalMinutes } = course.data;
  if (abilities.length === 0)
    return <PageEmpty description="该岗位还没有能力模型，请先在能力模型中为它选定能力" />;
  return (
    <div>
      <Statistic title="总学习时长" value={formatMinutes(totalMinutes)} style={{ marginBottom: 16 }} />
      {abilities.map((ability) => (
        <Card
          key={ability.abilityId}
          className="kp-ability-course__ability"
          size="small"
          title={
            <span>
              {ability.name} <Tag>{ability.dimensionName}</Tag>
              <Tag color="blue">要求 L{ability.requiredLevel}</Tag>
              <Tag>权重 {ability.weight}%</Tag>
            </span>
          }
          extra={<span>{formatMinutes(ability.minutes)}</span>}
        >
          <List
            size="small"
            dataSource={ability.materials}
            locale={{ emptyText: '暂无素材，可在能力素材中添加' }}
            renderItem={(material) => (
              <List.Item extra={material.minutes === null ? undefined : <span>{material.minutes} 分钟</span>}>
                <List.Item.Meta
                  title={<MaterialLink material={material} />}
                  description={`${material.kindLabel} · ${material.level === null ? '全部等级' : `L${material.level}`}${material.description ? ` · ${material.description}` : ''}`}
                />
              </List.Item>
            )}
          />
        </Card>
      ))}
      <p className="kp-muted">课程上线后，岗位课程也将在这里按能力列出。</p>
    </div>
  );
}
