import { useState, type Dispatch, type ReactNode } from 'react';
import { Button, Empty } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { nextSectionName, type BuilderAction, type BuilderState } from '../builder-state';
import { dragKindOf, dropMove, sectionId } from '../outline-rules';
import { SortableSection, type DragKind } from './outline-section';

export { sectionOrdinal } from './outline-section';

/** The drag state of the outline: what is dragged, the sensors, and the moves a drop makes. */
function useOutlineDrag(state: BuilderState, dispatch: Dispatch<BuilderAction>) {
  const [dragKind, setDragKind] = useState<DragKind>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragStart = (event: DragStartEvent) => setDragKind(dragKindOf(String(event.active.id)));

  const onDragEnd = (event: DragEndEvent) => {
    setDragKind(null);
    const move = dropMove(state.paper, String(event.active.id), event.over ? String(event.over.id) : null);
    if (move) dispatch(move);
  };
  return { dragKind, sensors, onDragStart, onDragEnd, onDragCancel: () => setDragKind(null) };
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
  const { dragKind, ...drag } = useOutlineDrag(state, dispatch);
  const sections = state.paper.sectionVOS;

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
          {...drag}
          collisionDetection={closestCenter}
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
