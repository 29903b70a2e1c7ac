import type { ReactNode } from 'react';
import { Empty, Result, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageError, PageLoading } from '../../../app/page-states';
import { ApiError } from '../../../lib/http';
import { formatDateTime } from '../../../lib/time-format';
import { fetchPortrayal, postPublicKeys, type Portrayal } from '../api';
import { AbilityRadar } from '../components/ability-radar';
import '../post-public.css';
import { ColorTag } from '../../../components/color-tag';

const KIND_LABEL: Record<string, string> = { document: '文档', link: '链接', course: '课程' };
const levelText = (level: number | null) => (level === null ? '未测评' : `${level}`);

function AbilitySection({ portrait }: { portrait: Portrayal }): ReactNode {
  const { abilities, match, person } = portrait;
  if (abilities.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={person.postName ? '所在岗位尚未建立能力模型' : '尚未分配岗位，暂无能力画像'}
      />
    );
  }
  return (
    <>
      {match ? (
        <p className="kp-portrait__match">
          岗位匹配度 <strong>{match.matchRate}%</strong> <Tag color="blue">{match.band}</Tag>
          <span className="kp-build__muted">
            {abilities.length} 项能力中 {match.metCount} 项达标，{match.unmeasuredCount} 项未测评
          </span>
        </p>
      ) : null}
      <AbilityRadar abilities={abilities} />
      <div className="kp-portrait__scroll">
        <table className="kp-build__table">
          <thead>
            <tr>
              <th scope="col">能力</th>
              <th scope="col">当前等级</th>
              <th scope="col">岗位要求</th>
              <th scope="col">差距</th>
            </tr>
          </thead>
          <tbody>
            {abilities.map((a) => (
              <tr key={a.abilityId}>
                <th scope="row">
                  {a.name}
                  <div className="kp-build__muted">
                    {a.dimension} · 权重 {a.weight}%
                  </div>
                </th>
                <td>
                  {levelText(a.level)}
                  <div className="kp-build__muted">
                    考试 {levelText(a.examLevel)} · 评价 {levelText(a.ratingLevel)}
                  </div>
                </td>
                <td>{a.requiredLevel}</td>
                <td>{a.gap > 0 ? `差 ${a.gap} 级` : '达标'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ExamSection({ portrait }: { portrait: Portrayal }): ReactNode {
  if (portrait.exams.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无已评分的考试" />;
  return (
    <ul className="kp-portrait__list">
      {portrait.exams.map((exam) => (
        <li key={exam.attemptId}>
          <span>{exam.examName}</span>
          <span>
            <strong>{exam.score}</strong> / {exam.totalPoints} 分
            {exam.passed === null ? null : exam.passed ? (
              <Tag color="green">通过</Tag>
            ) : (
              <Tag color="red">未通过</Tag>
            )}
          </span>
          <span className="kp-build__muted">{formatDateTime(Date.parse(exam.takenAt))}</span>
        </li>
      ))}
    </ul>
  );
}

function LearningSection({ portrait }: { portrait: Portrayal }): ReactNode {
  return (
    <>
      <p className="kp-build__muted">
        课程学习记录将在课程功能上线后显示；以下是按能力差距推荐的岗位学习路径。
      </p>
      {portrait.learning.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无需要补充的学习资料" />
      ) : (
        <ul className="kp-portrait__list">
          {portrait.learning.map((m, index) => (
            <li key={index}>
              <span>
                <Tag>{KIND_LABEL[m.kind] ?? m.kind}</Tag>
                {m.url ? (
                  <a href={m.url} target="_blank" rel="noreferrer noopener">
                    {m.title}
                  </a>
                ) : (
                  m.title
                )}
              </span>
              <span className="kp-build__muted">
                {m.abilityName}
                {m.level === null ? '' : ` · ${m.level} 级`}
                {m.minutes ? ` · ${m.minutes} 分钟` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PortraitView({ portrait }: { portrait: Portrayal }): ReactNode {
  const { person } = portrait;
  const facts = [
    person.departmentName,
    person.postName,
    person.jobNumber ? `工号 ${person.jobNumber}` : null,
  ];
  return (
    <article className="kp-portrait">
      <header className="kp-portrait__head">
        <div className="kp-portrait__avatar" aria-hidden="true">
          {person.realName.slice(0, 1)}
        </div>
        <div>
          <h1>{person.realName} 的人才画像</h1>
          <p className="kp-build__muted">
            {[portrait.organizationName, ...facts].filter(Boolean).join(' · ')}
          </p>
          <div>
            {portrait.tags.map((tag) => (
              <ColorTag key={tag.name} color={tag.color}>
                {tag.name}
              </ColorTag>
            ))}
          </div>
        </div>
      </header>
      <section aria-labelledby="kp-portrait-ability">
        <h2 id="kp-portrait-ability">能力画像</h2>
        <AbilitySection portrait={portrait} />
      </section>
      <section aria-labelledby="kp-portrait-exams">
        <h2 id="kp-portrait-exams">考试记录（最近 10 次）</h2>
        <ExamSection portrait={portrait} />
      </section>
      <section aria-labelledby="kp-portrait-learning">
        <h2 id="kp-portrait-learning">学习</h2>
        <LearningSection portrait={portrait} />
      </section>
      <footer className="kp-build__muted">链接有效期至 {formatDateTime(portrait.expiresAt)}</footer>
    </article>
  );
}

/** /frame/portrayal?token=: one person's talent portrait through a signed, expiring link; embeddable. */
export default function PortrayalPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const portrait = useQuery({
    queryKey: postPublicKeys.portrayal(token),
    queryFn: () => fetchPortrayal(token),
    enabled: token !== '',
    retry: false,
  });
  let body: ReactNode;
  if (token === '') {
    body = <Result status="403" title="链接已失效" subTitle="人才画像只能通过分享链接打开。" />;
  } else if (portrait.isPending) {
    body = <PageLoading />;
  } else if (portrait.isError) {
    const refused =
      portrait.error instanceof ApiError && (portrait.error.status === 403 || portrait.error.status === 404);
    body = refused ? (
      <Result
        status="403"
        title="链接已失效"
        subTitle={`${portrait.error.message}。请向分享人索取新的链接。`}
      />
    ) : (
      <PageError description="人才画像加载失败，请稍后重试。" onRetry={() => void portrait.refetch()} />
    );
  } else {
    body = <PortraitView portrait={portrait.data} />;
  }
  return <main className="kp-portrait-frame">{body}</main>;
}
