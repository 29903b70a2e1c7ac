import { useState, type Dispatch, type ReactNode } from 'react';
import {
  Button,
  Empty,
  Input,
  InputNumber,
  Popconfirm,
  Popover,
  Radio,
  Space,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { difficultyLabel, formatScore, questionTotals, type PaperQuestionItem } from '@kaopei/shared';
import {
  nextSectionName,
  type BuilderAction,
  type BuilderSection,
  type BuilderState,
} from '../builder-state';

type DragKind = 'section' | 'question' | null;

const sectionId = (key: string) => `s:${key}`;
const questionId = (id: number) => `q:${id}`;
const emptyId = (key: string) => `e:${key}`;

/** Where a drag id sits in the paper: a section index, or a question's section and position. */
function locate(state: BuilderState, id: string) {
  const sections = state.paper.sectionVOS;
  if (id.startsWith('s:') || id.startsWith('e:')) {
    const index = sections.findIndex((section) => section.key === id.slice(2));
    return index < 0 ? null : { sectionIndex: index, questionIndex: null };
  }
  const qid = Number(id.slice(2));
  for (let s = 0; s < sections.length; s++) {
    const q = sections[s]?.questionVOS.findIndex((item) => item.questionId === qid) ?? -1;
    if (q >= 0) return { sectionIndex: s, questionIndex: q };
  }
  return null;
}

/**
 * The paper being built: sections (大题) and their questions, both reordered by dragging the handle
 * (mouse, or keyboard: focus the handle, Space, arrow keys, Space). Questions can be dragged into
 * another section. Points are edited per question; totals update as you type.
 */
export function PaperOutline({
  state,
  dispatch,
  onPointsChange,
}: {
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  /** After a question's points change (the page may persist it). */
  onPointsChange?: (questionId: number, points: number) => void;
}): ReactNode {
  const [dragKind, setDragKind] = useState<DragKind>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const sections = state.paper.sectionVOS;

  const onDragStart = (event: DragStartEvent) =>
    setDragKind(String(event.active.id).startsWith('s:') ? 'section' : 'question');

  const onDragEnd = (event: DragEndEvent) => {
    setDragKind(null);
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    const from = locate(state, String(active.id));
    const to = locate(state, String(over.id));
    if (!from || !to) return;
    if (from.questionIndex === null) {
      dispatch({ type: 'moveSection', from: from.sectionIndex, to: to.sectionIndex });
      return;
    }
    // Onto a question: take its place; onto an empty section: become its first question.
    const target = {
      sectionIndex: to.sectionIndex,
      questionIndex: to.questionIndex ?? sections[to.sectionIndex]?.questionVOS.length ?? 0,
    };
    dispatch({
      type: 'moveQuestion',
      from: { sectionIndex: from.sectionIndex, questionIndex: from.questionIndex },
      to: target,
    });
  };

  const starts = sections.map((_, index) =>
    sections.slice(0, index).reduce((sum, section) => sum + section.questionVOS.length, 0),
  );
  return (
    <div className="kp-outline">
      {sections.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description="还没有试题：从左侧选择试题，第一题会自动创建大题"
        />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragStart={onDragStart}
          onDragEnd={onDragEnd}
          onDragCancel={() => setDragKind(null)}
          accessibility={{
            screenReaderInstructions: {
              draggable: '按空格键开始拖动，用方向键移动，再按空格键放下，按 Esc 取消。',
            },
          }}
        >
          <SortableContext
            items={sections.map((s) => sectionId(s.key))}
            strategy={verticalListSortingStrategy}
          >
            {sections.map((section, index) => (
              <SortableSection
                key={section.key}
                section={section}
                index={index}
                firstNumber={(starts[index] ?? 0) + 1}
                state={state}
                dispatch={dispatch}
                dragKind={dragKind}
                onPointsChange={onPointsChange}
              />
            ))}
          </SortableContext>
        </DndContext>
      )}
      <Button
        block
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => dispatch({ type: 'addSection', name: nextSectionName(state.paper) })}
      >
        新增大题
      </Button>
    </div>
  );
}

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 一、二、… for section headings (beyond ten: the number). */
export function sectionOrdinal(index: number): string {
  return CHINESE_NUMBERS[index] ?? String(index + 1);
}

function SortableSection({
  section,
  index,
  firstNumber,
  state,
  dispatch,
  dragKind,
  onPointsChange,
}: {
  section: BuilderSection;
  index: number;
  firstNumber: number;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  dragKind: DragKind;
  onPointsChange: ((questionId: number, points: number) => void) | undefined;
}): ReactNode {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: sectionId(section.key),
      // While a question is dragged, sections are not targets (their questions and empty zones are).
      disabled: { draggable: false, droppable: dragKind === 'question' },
    });
  const empty = useDroppable({
    id: emptyId(section.key),
    disabled: dragKind !== 'question' || section.questionVOS.length > 0,
  });
  const [allPoints, setAllPoints] = useState<number | null>(null);
  const totals = questionTotals(section.questionVOS);
  const isTarget =
    !state.classifyByType &&
    (state.activeSection === section.key ||
      (state.activeSection === null && index === state.paper.sectionVOS.length - 1));

  return (
    <section
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`kp-outline__section${isDragging ? ' kp-outline__section--dragging' : ''}`}
      data-testid={`section-${section.name}`}
      aria-label={`大题 ${section.name}`}
    >
      <header className="kp-outline__section-head">
        <Button
          type="text"
          size="small"
          ref={setActivatorNodeRef}
          icon={<HolderOutlined />}
          className="kp-outline__handle"
          aria-label={`拖动大题 ${section.name}`}
          {...attributes}
          {...listeners}
        />
        <span className="kp-outline__ordinal">{sectionOrdinal(index)}、</span>
        <Input
          size="small"
          variant="borderless"
          className="kp-outline__section-name"
          value={section.name}
          maxLength={100}
          aria-label={`大题名称 ${index + 1}`}
          onChange={(event) =>
            dispatch({ type: 'renameSection', key: section.key, name: event.target.value })
          }
        />
        <Typography.Text type="secondary" className="kp-outline__section-sum">
          共 {totals.questionCount} 题，{formatScore(totals.totalScore)} 分
        </Typography.Text>
        <Space size={0}>
          {state.classifyByType ? null : (
            <Tooltip title="新选的试题放入此大题">
              <Radio
                checked={isTarget}
                onChange={() => dispatch({ type: 'activeSection', key: section.key })}
                aria-label={`选题放入 ${section.name}`}
              >
                当前
              </Radio>
            </Tooltip>
          )}
          <Popover
            trigger="click"
            title="本大题每题分值"
            content={
              <Space>
                <InputNumber
                  min={0.1}
                  max={1000}
                  step={1}
                  precision={1}
                  value={allPoints}
                  aria-label={`${section.name} 每题分值`}
                  onChange={(value) => setAllPoints(value)}
                />
                <Button
                  type="primary"
                  disabled={!allPoints || allPoints <= 0}
                  onClick={() => {
                    if (allPoints && allPoints > 0)
                      dispatch({ type: 'pointsAll', sectionKey: section.key, points: allPoints });
                  }}
                >
                  应用
                </Button>
              </Space>
            }
          >
            <Button type="link" size="small" disabled={section.questionVOS.length === 0}>
              统一分值
            </Button>
          </Popover>
          <Popconfirm
            title={`删除大题「${section.name}」？`}
            description={section.questionVOS.length > 0 ? '其中的试题也会从试卷中移除。' : undefined}
            okText="删除"
            cancelText="取消"
            onConfirm={() => dispatch({ type: 'removeSection', key: section.key })}
          >
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除大题 ${section.name}`}
            />
          </Popconfirm>
        </Space>
      </header>
      <SortableContext
        items={section.questionVOS.map((q) => questionId(q.questionId))}
        strategy={verticalListSortingStrategy}
      >
        <ol className="kp-outline__questions" start={firstNumber}>
          {section.questionVOS.map((question, qIndex) => (
            <SortableQuestion
              key={question.questionId}
              question={question}
              number={firstNumber + qIndex}
              state={state}
              dispatch={dispatch}
              dragKind={dragKind}
              onPointsChange={onPointsChange}
            />
          ))}
        </ol>
      </SortableContext>
      {section.questionVOS.length === 0 ? (
        <div
          ref={empty.setNodeRef}
          className={`kp-outline__empty${empty.isOver ? ' kp-outline__empty--over' : ''}`}
        >
          {state.classifyByType
            ? '此大题暂无试题'
            : '此大题暂无试题：勾选“当前”后从左侧选题，或把试题拖到这里'}
        </div>
      ) : null}
    </section>
  );
}

function SortableQuestion({
  question,
  number,
  state,
  dispatch,
  dragKind,
  onPointsChange,
}: {
  question: PaperQuestionItem;
  number: number;
  state: BuilderState;
  dispatch: Dispatch<BuilderAction>;
  dragKind: DragKind;
  onPointsChange: ((questionId: number, points: number) => void) | undefined;
}): ReactNode {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: questionId(question.questionId),
      disabled: { draggable: false, droppable: dragKind === 'section' },
    });
  const info = state.info[question.questionId];
  const stem = info?.stemText || `试题 ${question.questionId}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`kp-outline__question${isDragging ? ' kp-outline__question--dragging' : ''}`}
      data-testid={`paper-question-${question.questionId}`}
    >
      <Button
        type="text"
        size="small"
        ref={setActivatorNodeRef}
        icon={<HolderOutlined />}
        className="kp-outline__handle"
        aria-label={`拖动第 ${number} 题`}
        {...attributes}
        {...listeners}
      />
      <span className="kp-outline__number">{number}.</span>
      <Tag className="kp-outline__type">{info?.typeLabel ?? ''}</Tag>
      <Tooltip title={stem}>
        <span className="kp-outline__stem">{stem}</span>
      </Tooltip>
      {info ? (
        <Typography.Text type="secondary" className="kp-outline__difficulty">
          难度 {info.difficulty} {difficultyLabel(info.difficulty)}
        </Typography.Text>
      ) : null}
      <InputNumber
        size="small"
        min={0.1}
        max={1000}
        step={1}
        precision={1}
        value={question.points}
        suffix="分"
        className="kp-outline__points"
        aria-label={`第 ${number} 题分值`}
        onChange={(value) => {
          if (value === null || !(value > 0)) return;
          dispatch({ type: 'points', questionId: question.questionId, points: value });
          onPointsChange?.(question.questionId, value);
        }}
      />
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined />}
        aria-label={`移除第 ${number} 题`}
        onClick={() => dispatch({ type: 'remove', questionId: question.questionId })}
      />
    </li>
  );
}
