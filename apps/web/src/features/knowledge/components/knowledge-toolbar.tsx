import type { ReactNode } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';

interface KnowledgeToolbarProps {
  keyword: string;
  onKeywordChange: (keyword: string) => void;
  editable: boolean;
  onAddRoot: () => void;
  onImport: () => void;
  exporting: boolean;
  onExport: () => void;
}

/** Search, 新增一级知识点 and 导入 (own tree only), 导出, and the hint under them. */
export function KnowledgeToolbar(props: KnowledgeToolbarProps): ReactNode {
  const { editable } = props;
  return (
    <>
      <div className="kp-knowledge__toolbar">
        <Input.Search
          placeholder="搜索知识点"
          allowClear
          aria-label="搜索知识点"
          className="kp-knowledge__search"
          value={props.keyword}
          onChange={(event) => props.onKeywordChange(event.target.value)}
        />
        <Space wrap>
          {editable ? (
            <>
              <Button type="primary" icon={<PlusOutlined />} onClick={props.onAddRoot}>
                新增一级知识点
              </Button>
              <Button icon={<UploadOutlined />} onClick={props.onImport}>
                导入
              </Button>
            </>
          ) : null}
          <Button icon={<DownloadOutlined />} loading={props.exporting} onClick={props.onExport}>
            导出
          </Button>
        </Space>
      </div>
      {editable ? (
        <Typography.Paragraph type="secondary" className="kp-knowledge__hint">
          拖动知识点可调整顺序或移动到其他知识点之下；数字为含下级知识点的题目数。
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph type="secondary" className="kp-knowledge__hint">
          平台知识点由平台维护，所有组织可查看和引用，不能修改。
        </Typography.Paragraph>
      )}
    </>
  );
}
