import type { ReactNode } from 'react';
import { App, Button, Dropdown, Rate, Tag } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import {
  DndContext,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import type { RecruitStage } from '@kaopei/shared';
import { recruitPaths } from '@kaopei/shared/contracts/recruitment';
import type { ApplicationRow, Board } from '../api';
import { dropProblem, moveMenu, stageLabel, testText } from '../recruitment-rules';

type OnMove = (ids: number[], to: RecruitStage) => void;

function MoveMenu({
  card,
  hasPaper,
  onMove,
}: {
  card: ApplicationRow;
  hasPaper: boolean;
  onMove: OnMove;
}): ReactNode {
  const items = moveMenu(card.stage, hasPaper).map((m) => ({
    key: m.stage,
    label: m.label,
    disabled: m.disabled,
  }));
  if (items.length === 0) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items, onClick: ({ key }) => onMove([card.applicationId], key as RecruitStage) }}
    >
      <Button size="small" type="link" aria-label={`把${card.name}移动到…`}>
        移动到… <DownOutlined />
      </Button>
    </Dropdown>
  );
}

function BoardCard({
  card,
  hasPaper,
  onMove,
}: {
  card: ApplicationRow;
  hasPaper: boolean;
  onMove: OnMove;
}): ReactNode {
  const { setNodeRef, listeners, transform, isDragging } = useDraggable({
    id: card.applicationId,
    data: { stage: card.stage },
    disabled: card.stage === 'hired',
  });
  const style = transform
    ? {
        transform: `translate(${transform.x}px, ${transform.y}px)`,
        zIndex: 10,
        opacity: isDragging ? 0.8 : 1,
      }
    : undefined;
  const test = testText(card);
  return (
    <li
      ref={setNodeRef}
      style={style}
      {...listeners}
      className="kp-recruit-card"
      data-testid={`card-${card.applicationId}`}
    >
      <div className="kp-recruit-card__name">
        <Link to={recruitPaths.jobResume(card.applicantId, card.jobId)}>{card.name}</Link>
        <MoveMenu card={card} hasPaper={hasPaper} onMove={onMove} />
      </div>
      <div className="kp-recruit-card__meta">
        {[card.school, card.degree, card.years !== null ? `${card.years} 年` : null]
          .filter(Boolean)
          .join(' · ') || card.phone}
      </div>
      {test ? <Tag color={card.testScore !== null ? 'blue' : 'default'}>{test}</Tag> : null}
      {card.rating ? <Rate disabled value={card.rating} style={{ fontSize: 12 }} /> : null}
    </li>
  );
}

function BoardColumn({
  column,
  hasPaper,
  onMove,
}: {
  column: Board['columns'][number];
  hasPaper: boolean;
  onMove: OnMove;
}): ReactNode {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage });
  const label = stageLabel(column.stage);
  return (
    <section
      ref={setNodeRef}
      className={`kp-recruit-column${isOver ? ' kp-recruit-column--over' : ''}`}
      aria-label={`${label}（${column.total} 人）`}
      data-testid={`column-${column.stage}`}
    >
      <div className="kp-recruit-column__head">
        <span>{label}</span>
        <span>{column.total}</span>
      </div>
      <ul className="kp-recruit-column__cards">
        {column.cards.map((card) => (
          <BoardCard key={card.applicationId} card={card} hasPaper={hasPaper} onMove={onMove} />
        ))}
      </ul>
      {column.total > column.cards.length ? (
        <div className="kp-recruit-card__meta">
          另有 {column.total - column.cards.length} 人，请在表格视图中查看
        </div>
      ) : null}
    </section>
  );
}

/** A job's pipeline: a column per stage; drag a card to another column, or use its 移动到… menu. */
export function PipelineBoard({ board, onMove }: { board: Board; onMove: OnMove }): ReactNode {
  const { message } = App.useApp();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = (active.data.current as { stage: RecruitStage }).stage;
    const to = over.id as RecruitStage;
    if (from === to) return;
    const problem =
      dropProblem(from, to) ?? (to === 'test' && !board.job.hasPaper ? '职位未设置笔试试卷' : null);
    if (problem) {
      void message.warning(problem);
      return;
    }
    onMove([Number(active.id)], to);
  };
  return (
    <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <div className="kp-recruit-board">
        {board.columns.map((column) => (
          <BoardColumn key={column.stage} column={column} hasPaper={board.job.hasPaper} onMove={onMove} />
        ))}
      </div>
    </DndContext>
  );
}
