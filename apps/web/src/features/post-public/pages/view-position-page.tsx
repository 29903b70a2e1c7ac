import type { ReactNode } from 'react';
import { Result, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ABILITY_LEVEL_NAMES, KNOWLEDGE_MASTERY } from '@kaopei/shared';
import { PageError, PageLoading } from '../../../app/page-states';
import { PublicLayout } from '../../../components/public-layout';
import { ApiError } from '../../../lib/http';
import { fetchPublicPosition, postPublicKeys, type PublicPosition } from '../api';
import '../post-public.css';

function Paragraphs({ text }: { text: string | null }): ReactNode {
  if (!text) return <p className="kp-build__muted">未填写</p>;
  return (
    <ul className="kp-position__lines">
      {text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line, index) => (
          <li key={index}>{line}</li>
        ))}
    </ul>
  );
}

function AbilityModel({ position }: { position: PublicPosition }): ReactNode {
  if (position.abilities.length === 0) return <p className="kp-build__muted">该岗位尚未建立能力模型。</p>;
  return (
    <ol className="kp-position__abilities">
      {position.abilities.map((ability) => (
        <li key={ability.abilityId} className="kp-position__ability">
          <h3>
            {ability.name}
            <Tag>{ability.dimension}</Tag>
            <span className="kp-position__req">
              要求 {ability.requiredLevel} 级（{ABILITY_LEVEL_NAMES[ability.requiredLevel]}）· 权重{' '}
              {ability.weight}%
            </span>
          </h3>
          {ability.description ? <p>{ability.description}</p> : null}
          {ability.levels.length === 0 ? null : (
            <dl className="kp-position__anchors">
              {ability.levels.map((anchor) => (
                <div
                  key={anchor.level}
                  className={
                    anchor.level === ability.requiredLevel
                      ? 'kp-position__anchor is-required'
                      : 'kp-position__anchor'
                  }
                >
                  <dt>
                    {anchor.level} 级 {anchor.name || ABILITY_LEVEL_NAMES[anchor.level]}
                    {anchor.level === ability.requiredLevel ? '（岗位要求）' : ''}
                  </dt>
                  <dd>{anchor.behaviour}</dd>
                </div>
              ))}
            </dl>
          )}
        </li>
      ))}
    </ol>
  );
}

function KnowledgeMap({ position }: { position: PublicPosition }): ReactNode {
  if (position.knowledge.length === 0) return <p className="kp-build__muted">该岗位尚未建立知识图谱。</p>;
  const groups = new Map<string, PublicPosition['knowledge']>();
  for (const item of position.knowledge) {
    const key = item.parentName ?? '其他';
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return (
    <div className="kp-position__knowledge">
      {[...groups.entries()].map(([group, items]) => (
        <div key={group}>
          <h3>{group}</h3>
          <ul>
            {items.map((item) => (
              <li key={item.knowledgeId}>
                {item.name} <Tag color="blue">{KNOWLEDGE_MASTERY[item.mastery] ?? item.mastery}</Tag>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function PositionView({ position }: { position: PublicPosition }): ReactNode {
  const facts: [string, string | null][] = [
    ['岗位序列', position.familyName],
    ['职级', position.grade],
    ['岗位编码', position.code],
    ['所属部门', position.departments.join('、') || null],
    ['编制', position.headcount === null ? null : `${position.headcount} 人`],
  ];
  return (
    <article className="kp-position">
      <header>
        <p className="kp-build__muted">{position.organizationName}</p>
        <h1>{position.name}</h1>
        {position.tags.map((tag) => (
          <Tag key={tag}>{tag}</Tag>
        ))}
        <dl className="kp-position__facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
        {position.description ? <p>{position.description}</p> : null}
      </header>
      <section aria-labelledby="kp-pos-duties">
        <h2 id="kp-pos-duties">岗位职责</h2>
        <Paragraphs text={position.duties} />
      </section>
      <section aria-labelledby="kp-pos-req">
        <h2 id="kp-pos-req">任职要求</h2>
        <Paragraphs text={position.requirements} />
      </section>
      <section aria-labelledby="kp-pos-model">
        <h2 id="kp-pos-model">能力模型</h2>
        <AbilityModel position={position} />
      </section>
      <section aria-labelledby="kp-pos-knowledge">
        <h2 id="kp-pos-knowledge">知识图谱</h2>
        <KnowledgeMap position={position} />
      </section>
    </article>
  );
}

/** /post/viewPosition?token=: an organisation's published post profile (public; no sign-in). */
export default function ViewPositionPage(): ReactNode {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const position = useQuery({
    queryKey: postPublicKeys.position(token),
    queryFn: () => fetchPublicPosition(token),
    enabled: token !== '',
    retry: false,
  });
  let body: ReactNode;
  if (token === '') {
    body = <Result status="warning" title="链接不完整" subTitle="请使用完整的岗位分享链接打开此页面。" />;
  } else if (position.isPending) {
    body = <PageLoading />;
  } else if (position.isError) {
    const gone = position.error instanceof ApiError && position.error.status === 404;
    body = gone ? (
      <Result status="404" title="岗位分享链接无效或已取消分享" subTitle="请向分享人索取新的链接。" />
    ) : (
      <PageError description="岗位信息加载失败，请稍后重试。" onRetry={() => void position.refetch()} />
    );
  } else {
    body = <PositionView position={position.data} />;
  }
  return (
    <PublicLayout>
      <div className="kp-build">{body}</div>
    </PublicLayout>
  );
}
