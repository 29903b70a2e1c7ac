import type { ReactNode } from 'react';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { AbilityLibrary } from '../components/ability-library';
import { PostModelEditor } from '../components/post-model-editor';
import '../ability.css';

/** /manage/post/ability: the ability library and the post models (?postId= opens a post's model). */
export default function AbilityPage(): ReactNode {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'model' || params.has('postId') ? 'model' : 'library';
  return (
    <div className="kp-page kp-ability-page">
      <Tabs
        activeKey={tab}
        onChange={(key) =>
          setParams(
            (current) => {
              const copy = new URLSearchParams(current);
              copy.set('tab', key);
              if (key === 'library') copy.delete('postId');
              return copy;
            },
            { replace: true },
          )
        }
        items={[
          { key: 'library', label: '能力库', children: <AbilityLibrary /> },
          { key: 'model', label: '岗位能力模型', children: <PostModelEditor /> },
        ]}
      />
    </div>
  );
}
