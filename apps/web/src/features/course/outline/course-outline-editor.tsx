import { useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  HolderOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SECTION_KIND_LABELS,
  SECTION_KINDS,
  LIVE_STATUS_LABELS,
  formatBytes,
  type SectionKind,
} from '@kaopei/shared';
import type { ChapterView, SectionView } from '@kaopei/shared/contracts/course-content';
import { ResumableUploadField } from '../../../components/upload/resumable-upload-field';
import {
  addChapter,
  addSection,
  deleteChapter,
  deleteSection,
  fetchOutline,
  modifySection,
  outlineKeys,
  renameChapter,
  searchPapers,
  sortChapters,
  sortSections,
} from './outline-api';
import { chapterItemId, flatten, move, orderOf, sectionItemId, type OutlineItem } from './outline-order';

const KIND_COLORS: Record<SectionKind, string> = {
  video: 'blue',
  datum: 'green',
  live: 'volcano',
  exam: 'purple',
};

function duration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** What a section shows beside its title. */
function sectionInfo(s: SectionView): string {
  if (s.kind === 'video')
    return [s.fileName, s.durationSeconds ? `时长 ${duration(s.durationSeconds)}` : '时长未知']
      .filter(Boolean)
      .join(' · ');
  if (s.kind === 'datum')
    return [s.fileName, s.fileSize ? formatBytes(s.fileSize) : null].filter(Boolean).join(' · ');
  if (s.kind === 'live')
    return [
      s.liveStartAt ? dayjs(s.liveStartAt).format('YYYY-MM-DD HH:mm') : null,
      s.liveMinutes ? `${s.liveMinutes} 分钟` : null,
      s.liveStatus ? LIVE_STATUS_LABELS[s.liveStatus] : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return [s.paperName ? `试卷：${s.paperName}` : null, s.examMinutes ? `${s.examMinutes} 分钟` : null]
    .filter(Boolean)
    .join(' · ');
}

const DRAG_INSTRUCTIONS = '按空格键拿起小节，用上下方向键移动，再按空格键放下，按 Esc 取消。';

/** What a screen reader hears while a section is dragged (dnd-kit's defaults name internal ids in English). */
function outlineAnnouncements(name: (id: string | number) => string): Announcements {
  return {
    onDragStart: ({ active }) => `已拿起 ${name(active.id)}`,
    onDragOver: ({ active, over }) => {
      if (!over) return `${name(active.id)} 不在可放下的位置`;
      return over.id === active.id ? undefined : `${name(active.id)} 移到 ${name(over.id)} 的位置`;
    },
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} 已放到 ${name(over.id)} 的位置` : `已放下 ${name(active.id)}`,
    onDragCancel: ({ active }) => `已取消拖动 ${name(active.id)}`,
  };
}

/** Turns 需先完成上一节 on or off, keeping the rest of the section as it is. */
function setRequiresPrevious(s: SectionView, value: boolean) {
  return modifySection({
    sectionId: s.id,
    title: s.title,
    requiresPrevious: value,
    fileId: s.fileId,
    liveStartAt: s.liveStartAt,
    liveMinutes: s.liveMinutes,
  });
}

/**
 * Dragging sections: the sensors (pointer and keyboard), what a screen reader hears, and the drop that
 * reorders the items at once and saves the new order.
 */
function useOutlineDrag(
  courseId: number,
  chapters: ChapterView[],
  items: OutlineItem[],
  setItems: (next: OutlineItem[]) => void,
  refresh: () => Promise<unknown>,
) {
  const { message } = App.useApp();
  const announcements = useMemo(() => {
    const names = new Map<string | number, string>(
      chapters.flatMap((c) => [
        [chapterItemId(c.id), c.title] as const,
        ...c.sections.map((s) => [sectionItemId(s.id), s.title] as const),
      ]),
    );
    return outlineAnnouncements((id) => names.get(id) ?? '');
  }, [chapters]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const reorder = useMutation({
    mutationFn: (next: OutlineItem[]) => sortSections(courseId, orderOf(next)),
    onSuccess: () => void message.success('顺序已保存'),
    onSettled: () => void refresh(),
  });
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.id === active.id);
    const to = items.findIndex((i) => i.id === over.id);
    if (from < 0 || to < 0) return;
    const next = move(items, from, to);
    setItems(next);
    reorder.mutate(next);
  };

  return { sensors, announcements, onDragEnd };
}

/** The course's chapters and sections, edited on the course detail page's 章节 tab (issue 17). */
export function CourseOutlineEditor({ courseId }: { courseId: number }): ReactNode {
  const client = useQueryClient();
  const outline = useQuery({
    queryKey: outlineKeys.outline(courseId),
    queryFn: () => fetchOutline(courseId),
  });
  const refresh = () => client.invalidateQueries({ queryKey: outlineKeys.outline(courseId) });
  const [items, setItems] = useState<OutlineItem[]>([]);
  const [chapterDialog, setChapterDialog] = useState<{ chapter?: ChapterView } | null>(null);
  const [sectionDialog, setSectionDialog] = useState<{ chapterId: number; section?: SectionView } | null>(
    null,
  );
  const chapters = useMemo(() => outline.data?.chapters ?? [], [outline.data]);
  useEffect(() => setItems(flatten(chapters)), [chapters]);
  const sections = useMemo(
    () => new Map(chapters.flatMap((c) => c.sections.map((s) => [s.id, s] as const))),
    [chapters],
  );

  const { sensors, announcements, onDragEnd } = useOutlineDrag(courseId, chapters, items, setItems, refresh);

  const moveChapter = async (index: number, delta: number) => {
    const ids = chapters.map((c) => c.id);
    await sortChapters(courseId, move(ids, index, index + delta));
    await refresh();
  };

  const toggleRequires = async (s: SectionView, value: boolean) => {
    await setRequiresPrevious(s, value);
    await refresh();
  };

  const { confirmDeleteSection, confirmDeleteChapter } = useDeleteConfirmations(refresh);

  if (outline.isPending) return <Spin />;
  if (outline.isError) return <Empty description="章节加载失败" />;

  return (
    <div className="kp-course-outline">
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setChapterDialog({})}>
          添加章节
        </Button>
        <Typography.Text type="secondary">
          共 {outline.data.sectionCount} 个小节，视频 {duration(outline.data.videoSeconds)}
          。拖动小节左侧的把手调整顺序（也可聚焦把手后按空格、方向键、空格）。
        </Typography.Text>
      </Space>
      {chapters.length === 0 ? <Empty description="还没有章节，先添加一个章节" /> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
      >
        <SortableContext items={items.map((i) => i.id)} strategy={verticalListSortingStrategy}>
          <div role="list" aria-label="课程章节与小节">
            {items.map((item) => {
              if (item.type === 'chapter') {
                const index = chapters.findIndex((c) => c.id === item.chapterId);
                const chapter = chapters[index];
                if (!chapter) return null;
                return (
                  <ChapterRow
                    key={item.id}
                    id={item.id}
                    chapter={chapter}
                    first={index === 0}
                    last={index === chapters.length - 1}
                    onUp={() => void moveChapter(index, -1)}
                    onDown={() => void moveChapter(index, 1)}
                    onEdit={() => setChapterDialog({ chapter })}
                    onAdd={() => setSectionDialog({ chapterId: chapter.id })}
                    onDelete={() => confirmDeleteChapter(chapter)}
                  />
                );
              }
              const section = sections.get(item.sectionId);
              if (!section) return null;
              return (
                <SectionRow
                  key={item.id}
                  id={item.id}
                  section={section}
                  onToggle={(v) => void toggleRequires(section, v)}
                  onEdit={() => setSectionDialog({ chapterId: section.chapterId, section })}
                  onDelete={() => confirmDeleteSection(section)}
                />
              );
            })}
          </div>
        </SortableContext>
      </DndContext>
      {chapterDialog ? (
        <ChapterDialog
          chapter={chapterDialog.chapter}
          onClose={() => setChapterDialog(null)}
          onSave={async (title) => {
            if (chapterDialog.chapter) await renameChapter(chapterDialog.chapter.id, title);
            else await addChapter(courseId, title);
            setChapterDialog(null);
            await refresh();
          }}
        />
      ) : null}
      {sectionDialog ? (
        <SectionDialog
          chapterId={sectionDialog.chapterId}
          section={sectionDialog.section}
          onClose={() => setSectionDialog(null)}
          onSaved={async () => {
            setSectionDialog(null);
            await refresh();
          }}
        />
      ) : null}
    </div>
  );
}

/** Asks before deleting (naming the learners' records that go with it), then deletes and refreshes. */
function useDeleteConfirmations(refresh: () => Promise<unknown>) {
  const { modal } = App.useApp();
  const confirmDeleteSection = (s: SectionView) =>
    modal.confirm({
      title: `删除小节「${s.title}」？`,
      content:
        s.learnerCount > 0
          ? `已有 ${s.learnerCount} 名学员学习过该小节，删除后他们在该小节的学习记录将一并删除，课程进度会重新计算。`
          : '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteSection(s.id);
        await refresh();
      },
    });

  const confirmDeleteChapter = (c: ChapterView) =>
    modal.confirm({
      title: `删除章节「${c.title}」？`,
      content:
        c.sections.length > 0
          ? `章节中的 ${c.sections.length} 个小节及学员在这些小节的学习记录将一并删除。`
          : '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        await deleteChapter(c.id);
        await refresh();
      },
    });

  return { confirmDeleteSection, confirmDeleteChapter };
}

function ChapterRow(props: {
  id: string;
  chapter: ChapterView;
  first: boolean;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onEdit: () => void;
  onAdd: () => void;
  onDelete: () => void;
}): ReactNode {
  const { setNodeRef, transform, transition } = useSortable({ id: props.id, disabled: true });
  const { chapter } = props;
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      style={{ transform: CSS.Transform.toString(transform), transition, marginTop: 12 }}
      data-testid="outline-chapter"
    >
      <Card size="small" styles={{ body: { padding: '8px 12px' } }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Text strong>{chapter.title}</Typography.Text>
          <Space size={4} wrap>
            <Tooltip title="上移章节">
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={props.first}
                onClick={props.onUp}
                aria-label={`上移章节 ${chapter.title}`}
              />
            </Tooltip>
            <Tooltip title="下移章节">
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={props.last}
                onClick={props.onDown}
                aria-label={`下移章节 ${chapter.title}`}
              />
            </Tooltip>
            <Button size="small" icon={<PlusOutlined />} onClick={props.onAdd}>
              添加小节
            </Button>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={props.onEdit}
              aria-label={`编辑章节 ${chapter.title}`}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={props.onDelete}
              aria-label={`删除章节 ${chapter.title}`}
            />
          </Space>
        </Space>
      </Card>
    </div>
  );
}

function SectionRow(props: {
  id: string;
  section: SectionView;
  onToggle: (value: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}): ReactNode {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: props.id,
    });
  const s = props.section;
  return (
    <div
      ref={setNodeRef}
      role="listitem"
      data-testid="outline-section"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '8px 12px',
        marginLeft: 16,
        borderBottom: '1px solid #f0f0f0',
        background: '#fff',
        flexWrap: 'wrap',
      }}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={`拖动排序：${s.title}`}
        style={{ cursor: 'grab' }}
        {...attributes}
        {...listeners}
      />
      <Tag color={KIND_COLORS[s.kind]}>{SECTION_KIND_LABELS[s.kind]}</Tag>
      <Typography.Text style={{ flex: '1 1 160px' }}>{s.title}</Typography.Text>
      <Typography.Text type="secondary" style={{ flex: '1 1 200px' }}>
        {sectionInfo(s)}
      </Typography.Text>
      <Space size={4}>
        <Switch
          size="small"
          checked={s.requiresPrevious}
          onChange={props.onToggle}
          aria-label={`需先完成上一节：${s.title}`}
        />
        <Typography.Text type="secondary">需先完成上一节</Typography.Text>
      </Space>
      <Button
        size="small"
        icon={<EditOutlined />}
        onClick={props.onEdit}
        aria-label={`编辑小节 ${s.title}`}
      />
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        onClick={props.onDelete}
        aria-label={`删除小节 ${s.title}`}
      />
    </div>
  );
}

function ChapterDialog({
  chapter,
  onClose,
  onSave,
}: {
  chapter?: ChapterView;
  onClose: () => void;
  onSave: (title: string) => Promise<void>;
}): ReactNode {
  const [form] = Form.useForm<{ title: string }>();
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open
      title={chapter ? '编辑章节' : '添加章节'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ title: chapter?.title ?? '' }}
        onFinish={async ({ title }) => {
          setSaving(true);
          try {
            await onSave(title.trim());
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="title"
          label="章节名称"
          rules={[
            { required: true, whitespace: true, message: '请输入章节名称' },
            { max: 100, message: '章节名称不能超过 100 个字符' },
          ]}
        >
          <Input autoFocus maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SectionFormValues {
  kind: SectionKind;
  title: string;
  requiresPrevious: boolean;
  liveStartAt?: Dayjs;
  liveMinutes?: number;
  paperId?: number;
  examMinutes?: number;
  attemptsAllowed?: number;
}

/** The exam section's paper (searched by name) and settings. */
function ExamFields({ section }: { section?: SectionView }): ReactNode {
  const [keyword, setKeyword] = useState('');
  const papers = useQuery({ queryKey: outlineKeys.papers(keyword), queryFn: () => searchPapers(keyword) });
  const known =
    section?.paperId && section.paperName ? [{ value: section.paperId, label: section.paperName }] : [];
  return (
    <>
      <Form.Item name="paperId" label="试卷" rules={[{ required: !section, message: '请选择试卷' }]}>
        <Select
          showSearch={{ filterOption: false, onSearch: setKeyword }}
          loading={papers.isFetching}
          placeholder="搜索试卷名称"
          aria-label="试卷"
          options={[
            ...known,
            ...(papers.data ?? [])
              .filter((p) => p.paperId !== section?.paperId)
              .map((p) => ({ value: p.paperId, label: p.name })),
          ]}
        />
      </Form.Item>
      <Space wrap>
        <Form.Item name="examMinutes" label="考试时长（分钟）">
          <InputNumber min={1} max={1440} precision={0} aria-label="考试时长（分钟）" />
        </Form.Item>
        <Form.Item name="attemptsAllowed" label="可考次数">
          <InputNumber min={1} max={20} precision={0} aria-label="可考次数" />
        </Form.Item>
      </Space>
    </>
  );
}

/** The live section's start and planned minutes. */
function LiveFields(): ReactNode {
  return (
    <Space wrap>
      <Form.Item
        name="liveStartAt"
        label="开始时间"
        rules={[{ required: true, message: '请选择直播开始时间' }]}
      >
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" aria-label="直播开始时间" />
      </Form.Item>
      <Form.Item
        name="liveMinutes"
        label="时长（分钟）"
        rules={[{ required: true, message: '请填写直播时长' }]}
      >
        <InputNumber min={1} max={1440} precision={0} aria-label="直播时长（分钟）" />
      </Form.Item>
    </Space>
  );
}

function SectionDialog({
  chapterId,
  section,
  onClose,
  onSaved,
}: {
  chapterId: number;
  section?: SectionView;
  onClose: () => void;
  onSaved: () => Promise<void>;
}): ReactNode {
  const [form] = Form.useForm<SectionFormValues>();
  const kind = Form.useWatch('kind', form) ?? section?.kind ?? 'video';
  const [file, setFile] = useState<{ fileId: number; name: string; size: number | null } | null>(
    section?.fileId ? { fileId: section.fileId, name: section.fileName ?? '', size: section.fileSize } : null,
  );
  const [fileError, setFileError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (values: SectionFormValues) => {
    if ((values.kind === 'video' || values.kind === 'datum') && !file) {
      setFileError(values.kind === 'video' ? '请上传视频' : '请上传文档');
      return;
    }
    setSaving(true);
    try {
      const common = {
        title: values.title.trim(),
        requiresPrevious: values.requiresPrevious,
        fileId: file?.fileId ?? null,
        liveStartAt: values.liveStartAt ? values.liveStartAt.valueOf() : null,
        liveMinutes: values.liveMinutes ?? null,
        paperId: values.paperId ?? null,
        examMinutes: values.examMinutes ?? null,
        attemptsAllowed: values.attemptsAllowed ?? null,
      };
      if (section) await modifySection({ sectionId: section.id, ...common });
      else await addSection({ chapterId, kind: values.kind, ...common });
      await onSaved();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={640}
      title={section ? '编辑小节' : '添加小节'}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<SectionFormValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          kind: section?.kind ?? 'video',
          title: section?.title ?? '',
          requiresPrevious: section?.requiresPrevious ?? false,
          liveStartAt: section?.liveStartAt ? dayjs(section.liveStartAt) : undefined,
          liveMinutes: section?.liveMinutes ?? 60,
          paperId: section?.paperId ?? undefined,
          examMinutes: section?.examMinutes ?? 60,
          attemptsAllowed: section?.attemptsAllowed ?? 3,
        }}
      >
        <Form.Item name="kind" label="小节类型">
          <Select
            disabled={!!section}
            options={SECTION_KINDS.map((k) => ({ value: k, label: SECTION_KIND_LABELS[k] }))}
            onChange={() => {
              setFile(null);
              setFileError(null);
            }}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label="小节名称"
          rules={[
            { required: true, whitespace: true, message: '请输入小节名称' },
            { max: 100, message: '小节名称不能超过 100 个字符' },
          ]}
        >
          <Input maxLength={100} />
        </Form.Item>
        {kind === 'video' || kind === 'datum' ? (
          <Form.Item
            label={kind === 'video' ? '视频文件' : '文档文件'}
            required
            validateStatus={fileError ? 'error' : undefined}
            help={fileError ?? undefined}
          >
            <ResumableUploadField
              key={kind}
              purpose={kind}
              label={kind === 'video' ? '选择视频' : '选择文档'}
              uploaded={file}
              onUploaded={(f) => {
                setFile({ fileId: f.fileId, name: f.name, size: f.size });
                setFileError(null);
                if (!form.getFieldValue('title')) form.setFieldValue('title', f.name.replace(/\.[^.]+$/, ''));
              }}
            />
          </Form.Item>
        ) : null}
        {kind === 'live' ? <LiveFields /> : null}
        {kind === 'exam' ? <ExamFields section={section} /> : null}
        <Form.Item name="requiresPrevious" label="需先完成上一节" valuePropName="checked">
          <Switch aria-label="需先完成上一节" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
