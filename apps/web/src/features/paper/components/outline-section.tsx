import { useState, type Dispatch, type ReactNode } from 'react';
import {
  Button,
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
import { DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { difficultyLabel, formatScore, questionTotals, type PaperQuestionItem } from '@kaopei/shared';
import type { BuilderAction, BuilderSection, BuilderState } from '../builder-state';
import { emptyId, questionId, sectionId } from '../outline-rules';

/** What is being dragged: a section, a question, or nothing. */
export type DragKind = 'section' | 'question' | null;

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 一、二、… for section headings (beyond ten: the number). */
export function sectionOrdinal(index: number): string {
  return CHINESE_NUMBERS[index] ?? String(index + 1);
}

/** The drop zone of a section without questions (a dragged question can land there). */
function EmptySectionZone(props: {
  sectionKey: string;
  dragKind: DragKind;
  classifyByType: boolean;
}): ReactNode {
  const empty = useDroppable({ id: emptyId(props.sectionKey), disabled: props.dragKind !== 'question' });
  return (
    <div
      ref={empty.setNodeRef}
      className={`kp-outline__empty${empty.isOver ? ' kp-outline__empty--over' : ''}`}
    >
      {props.classifyByType ? '此大题暂无试题' : '此大题暂无试题：勾选“当前”后从左侧选题，或把试题拖到这里'}
    </div>
  );
}

/** The ordinal, the editable name and the totals of a section. */
function SectionTitle(props: {
  section: BuilderSection;
  index: number;
  dispatch: Dispatch<BuilderAction>;
}): ReactNode {
  const { section, index, dispatch } = props;
  const totals = questionTotals(section.questionVOS);
  return (
    <>
      <span className="kp-outline__ordinal">{sectionOrdinal(index)}、</span>
      <Input
        size="small"
        variant="borderless"
        className="kp-outline__section-name"
        value={section.name}
        maxLength={100}
        aria-label={`大题名称 ${index + 1}`}
        onChange={(event) => dispatch({ type: 'renameSection', key: section.key, name: event.target.value })}
      />
      <Typography.Text type="secondary" className="kp-outline__section-sum">
        共 {totals.questionCount} 题，{formatScore(totals.totalScore)} 分
      </Typography.Text>
    </>
  );
}

/** One section (大题): its heading with tools, and its questions, both sortable by dragging. */
export function SortableSection({
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
        <SectionTitle section={section} index={index} dispatch={dispatch} />
        <SectionTools
          section={section}
          isTarget={isTarget}
          classifyByType={state.classifyByType}
          dispatch={dispatch}
        />
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
        <EmptySectionZone
          sectionKey={section.key}
          dragKind={dragKind}
          classifyByType={state.classifyByType}
        />
      ) : null}
    </section>
  );
}

/** 当前 (where new picks go), 统一分值 and 删除 of a section's heading. */
function SectionTools(props: {
  section: BuilderSection;
  isTarget: boolean;
  classifyByType: boolean;
  dispatch: Dispatch<BuilderAction>;
}): ReactNode {
  const { section, isTarget, classifyByType, dispatch } = props;
  return (
    <Space size={0}>
      {classifyByType ? null : (
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
      <UniformPoints section={section} dispatch={dispatch} />
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
  );
}

/** 统一分值: one value for every question of the section. */
function UniformPoints(props: { section: BuilderSection; dispatch: Dispatch<BuilderAction> }): ReactNode {
  const { section, dispatch } = props;
  const [allPoints, setAllPoints] = useState<number | null>(null);
  return (
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
