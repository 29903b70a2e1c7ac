import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closeCourse, copyCourse, courseKeys, openCourse, type CourseDetail, type CourseRow } from '../api';

/** 复制, 开课 and 关闭 of one course, shared by the list and the detail page. */
export function useCourseActions(onCopied?: (copy: CourseDetail) => void) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const changed = () => void queryClient.invalidateQueries({ queryKey: courseKeys.all });
  const copy = useMutation({
    mutationFn: (course: Pick<CourseRow, 'courseId' | 'name'>) => copyCourse(course.courseId),
    onSuccess: (created) => {
      message.success(`已复制为「${created.name}」（未发布）`);
      changed();
      onCopied?.(created);
    },
  });
  const setOpen = useMutation({
    mutationFn: ({ course, open }: { course: Pick<CourseRow, 'courseId'>; open: boolean }) =>
      open ? openCourse(course.courseId) : closeCourse(course.courseId),
    onSuccess: (course) => {
      message.success(course.status === 'open' ? `「${course.name}」已开课` : `「${course.name}」已关闭`);
      changed();
    },
  });
  const confirmClose = (course: Pick<CourseRow, 'courseId' | 'name'>) =>
    modal.confirm({
      title: `关闭课程「${course.name}」？`,
      content: '关闭后学员不能继续学习，学习记录保留；可随时再次开课。',
      okText: '关闭课程',
      cancelText: '取消',
      onOk: () => setOpen.mutateAsync({ course, open: false }),
    });
  return {
    copy: (course: Pick<CourseRow, 'courseId' | 'name'>) => copy.mutate(course),
    open: (course: Pick<CourseRow, 'courseId'>) => setOpen.mutate({ course, open: true }),
    close: confirmClose,
    busy: copy.isPending || setOpen.isPending,
  };
}
