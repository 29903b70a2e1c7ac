import type { ReactNode } from 'react';
import { Button, Empty, Tag } from 'antd';
import { ABILITY_LEVEL_NAMES, type TrainingPlan } from '@kaopei/shared';

const levelText = (level: number) =>
  level === 0 ? '未要求' : `${level} 级 ${ABILITY_LEVEL_NAMES[level] ?? ''}`;

/** The 培养方案, printable (the print style shows only this block). */
export function TrainingPlanView({
  plan,
  profileName,
}: {
  plan: TrainingPlan;
  profileName: string;
}): ReactNode {
  return (
    <section className="kp-build__plan kp-print-area" aria-labelledby="kp-plan-title">
      <div className="kp-build__plan-head">
        <h2 id="kp-plan-title">培养方案{profileName ? `：${profileName}` : ''}</h2>
        <Button className="kp-no-print" onClick={() => window.print()}>
          打印方案
        </Button>
      </div>
      <p>
        目标岗位：{plan.positions.join('、')}。需提升 {plan.abilities.length} 项能力，已达到 {plan.metCount}{' '}
        项。
      </p>
      <h3>一、需提升的能力</h3>
      {plan.abilities.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="当前岗位画像已满足所选岗位的全部能力要求" />
      ) : (
        <table className="kp-build__table kp-build__table--stack">
          <thead>
            <tr>
              <th scope="col">能力</th>
              <th scope="col">当前要求</th>
              <th scope="col">目标等级</th>
              <th scope="col">需要的岗位</th>
              <th scope="col">建议学习</th>
            </tr>
          </thead>
          <tbody>
            {plan.abilities.map((ability) => (
              <tr key={ability.name}>
                <th scope="row">
                  {ability.name}
                  <div className="kp-build__muted">{ability.dimension}</div>
                </th>
                <td data-label="当前要求">{levelText(ability.currentLevel)}</td>
                <td data-label="目标等级">
                  <strong>{levelText(ability.targetLevel)}</strong>
                  <div className="kp-build__muted">提升 {ability.gap} 级</div>
                </td>
                <td data-label="需要的岗位">
                  {ability.positions.map((p) => `${p.name}（${p.level} 级）`).join('、')}
                </td>
                <td data-label="建议学习">
                  {ability.learning.length > 0 ? ability.learning.join('；') : '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>二、需学习的知识</h3>
      {plan.knowledge.length === 0 ? (
        <p className="kp-build__muted">所选岗位的知识主题均已在岗位画像中。</p>
      ) : (
        <ul className="kp-build__topics">
          {plan.knowledge.map((item) => (
            <li key={item.topic}>
              <Tag color="blue">{item.topic}</Tag>
              <span className="kp-build__muted">{item.positions.join('、')}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>三、学习资料</h3>
      {plan.materials.length === 0 ? (
        <p className="kp-build__muted">暂无学习资料建议。</p>
      ) : (
        <ol className="kp-build__materials">
          {plan.materials.map((item) => (
            <li key={item.title}>
              {item.title}
              <span className="kp-build__muted">（{item.abilities.join('、')}）</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
