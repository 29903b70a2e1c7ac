import { useCallback, type ReactNode } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { fetchPostOptions, postKeys } from '../../post/api';

/** The post chosen on a page, kept in the address (?postId=) so a link opens the page on that post. */
export function usePostIdParam(): [number | undefined, (postId: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('postId'));
  const postId = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const setPostId = useCallback(
    (next: number | undefined) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next === undefined) copy.delete('postId');
          else copy.set('postId', String(next));
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [postId, setPostId];
}

/** Picks one of the organisation's posts (searchable by name). */
export function PostSelect({
  value,
  onChange,
  id = 'ability-post-select',
}: {
  value: number | undefined;
  onChange: (postId: number | undefined) => void;
  id?: string;
}): ReactNode {
  const posts = useQuery({ queryKey: postKeys.simple, queryFn: fetchPostOptions });
  return (
    <Select<number>
      id={id}
      aria-label="选择岗位"
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="请选择岗位"
      style={{ width: 280, maxWidth: '100%' }}
      loading={posts.isPending}
      status={posts.isError ? 'error' : undefined}
      notFoundContent={posts.isError ? '岗位加载失败' : '暂无岗位，请先在岗位列表中新增'}
      value={value}
      onChange={(next) => onChange(next ?? undefined)}
      options={(posts.data ?? []).map((post) => ({ value: post.postId, label: post.postName }))}
    />
  );
}
