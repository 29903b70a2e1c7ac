import { useState, type ReactNode } from 'react';
import { Card, Segmented } from 'antd';
import type { KnowledgeScope } from '../api';
import { KnowledgeNodeModal, type KnowledgeDialog } from '../components/knowledge-node-modal';
import { KnowledgeToolbar } from '../components/knowledge-toolbar';
import { KnowledgeTreeView } from '../components/knowledge-tree-view';
import { KnowledgeUploadModal } from '../components/knowledge-upload-modal';
import { useKnowledgeActions } from '../components/use-knowledge-actions';
import { useKnowledgeTree } from '../components/use-knowledge-tree';
import '../knowledge.css';

/** 知识点管理: the organisation's knowledge tree (editable) and the platform's (read-only). */
export default function KnowledgeEditPage(): ReactNode {
  const [scope, setScope] = useState<KnowledgeScope>('org');
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<KnowledgeDialog | null>(null);
  const [uploading, setUploading] = useState(false);
  const editable = scope === 'org';

  const { query, nodes, treeData, shownExpanded, setExpandedKeys, refresh } = useKnowledgeTree(
    scope,
    keyword,
  );
  const { onAction, onDrop, exportTree } = useKnowledgeActions({
    scope,
    nodes,
    refresh,
    setDialog,
    setExpandedKeys,
  });

  return (
    <Card
      className="kp-knowledge"
      extra={
        <Segmented<KnowledgeScope>
          value={scope}
          onChange={(value) => {
            setScope(value);
            setKeyword('');
          }}
          options={[
            { label: '本组织知识点', value: 'org' },
            { label: '平台知识点（只读）', value: 'platform' },
          ]}
        />
      }
    >
      <KnowledgeToolbar
        keyword={keyword}
        onKeywordChange={setKeyword}
        editable={editable}
        onAddRoot={() => setDialog({ kind: 'add', parent: null })}
        onImport={() => setUploading(true)}
        exporting={exportTree.isPending}
        onExport={() => exportTree.mutate()}
      />
      <KnowledgeTreeView
        query={query}
        treeData={treeData}
        keyword={keyword}
        editable={editable}
        expandedKeys={shownExpanded}
        onExpand={setExpandedKeys}
        onDrop={onDrop}
        onAction={onAction}
      />
      <KnowledgeNodeModal
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void refresh();
        }}
      />
      <KnowledgeUploadModal
        open={uploading}
        onClose={() => setUploading(false)}
        onImported={() => void refresh()}
      />
    </Card>
  );
}
