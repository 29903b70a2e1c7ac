import type { ReactNode } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { fetchPostOptions, postExamKeys } from '../api';

/** The organisation's posts to choose from, with the size of each model and staff. */
export function PostSelect({
  id,
  value,
  onChange,
  label = '岗位',
  allowClear = false,
  testId,
  width,
}: {
  id?: string;
  value?: number;
  onChange?: (postId: number | undefined) => void;
  label?: string;
  allowClear?: boolean;
  testId?: string;
  width?: number;
}): ReactNode {
  const posts = useQuery({ queryKey: postExamKeys.posts, queryFn: fetchPostOptions });
  return (
    <Select
      id={id}
      value={value}
      onChange={(next: number | undefined) => onChange?.(next)}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear={allowClear}
      placeholder={posts.isError ? '岗位加载失败' : '选择岗位'}
      loading={posts.isFetching}
      notFoundContent={posts.isFetching ? '加载中…' : '暂无岗位'}
      options={(posts.data ?? []).map((post) => ({
        value: post.postId,
        label: post.name,
        title: `${post.name}（${post.abilityCount} 项能力，${post.staffCount} 名员工）`,
      }))}
      optionRender={(option) => (
        <span>
          {option.label}
          <span style={{ color: '#595959', marginLeft: 8, fontSize: 12 }}>
            {(posts.data ?? []).find((p) => p.postId === option.value)?.abilityCount ?? 0} 项能力 ·{' '}
            {(posts.data ?? []).find((p) => p.postId === option.value)?.staffCount ?? 0} 人
          </span>
        </span>
      )}
      aria-label={label}
      data-testid={testId}
      style={{ width: width ?? '100%' }}
    />
  );
}
