import { useMemo, useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fetchKnowledgeTree, knowledgeKeys } from '../../knowledge/api';
import type { KnowledgeTreeNode } from '../../../lib/question-rules';
import { createAutoPapers, generateAutoPreview, paperKeys, type AutoReport, type AutoRules } from '../api';
import {
  AUTO_RULES_INITIAL,
  AutoRulesFields,
  toAutoRules,
  type AutoRulesForm,
} from '../../../components/auto-rules-fields';
import { serverMessage } from '../../../lib/server-message';
import { usePaperBankOptions } from './use-paper-bank-options';
import { PaperNameFields } from '../components/paper-name-fields';
import { AutoResult } from './paper-auto-result';
import '../paper.css';

interface AutoForm extends AutoRulesForm {
  name: string;
  paperBankId?: number;
}

function flattenNames(nodes: readonly KnowledgeTreeNode[], into = new Map<number, string>()) {
  for (const node of nodes) {
    into.set(node.id, node.name);
    flattenNames(node.children, into);
  }
  return into;
}

/** The names of the organisation's and the platform's knowledge points, by id. */
function useKnowledgeNames(): (id: number) => string {
  const ownTree = useQuery({ queryKey: knowledgeKeys.tree('org'), queryFn: () => fetchKnowledgeTree('org') });
  const platformTree = useQuery({
    queryKey: knowledgeKeys.tree('platform'),
    queryFn: () => fetchKnowledgeTree('platform'),
  });
  const knowledgeNames = useMemo(
    () => flattenNames([...(ownTree.data ?? []), ...(platformTree.data ?? [])]),
    [ownTree.data, platformTree.data],
  );
  return (id: number) => knowledgeNames.get(id) ?? `#${id}`;
}

/** 保存试卷: saves the generated papers, then opens the one paper or the list. */
function useCreateAutoPapers() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rules, values }: { rules: AutoRules; values: AutoForm }) =>
      createAutoPapers(rules, {
        name: values.name.trim(),
        ...(values.paperBankId ? { paperBankId: values.paperBankId } : {}),
      }),
    onSuccess: ({ papers }) => {
      message.success(`已保存 ${papers.length} 份试卷：${papers.map((p) => `「${p.name}」`).join('、')}`);
      void queryClient.invalidateQueries({ queryKey: paperKeys.all });
      const first = papers[0];
      if (papers.length === 1 && first) void navigate(`/manage/paper/detail?paperId=${first.paperId}`);
      else void navigate('/manage/paper/list');
    },
  });
}

/** /manage/paper/auto: intelligent generation from stated rules, solved by the server's integer program. */
export default function PaperAutoPage(): ReactNode {
  const [form] = Form.useForm<AutoForm>();
  const [result, setResult] = useState<{ rules: AutoRules; report: AutoReport } | null>(null);
  const nameOf = useKnowledgeNames();
  const bankOptions = usePaperBankOptions();

  const generate = useMutation({
    mutationFn: (rules: AutoRules) => generateAutoPreview(rules),
    onSuccess: (report, rules) => setResult({ rules, report }),
    onError: () => setResult(null),
  });
  const create = useCreateAutoPapers();

  const initialValues: AutoForm = { ...AUTO_RULES_INITIAL, name: '' };

  const onGenerate = (values: AutoForm) => {
    // One seed per request: saving with it reproduces exactly the papers shown.
    const seed = `auto-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    generate.mutate(toAutoRules(values, seed));
  };

  return (
    <div className="kp-paper-page">
      <Form<AutoForm> form={form} layout="vertical" initialValues={initialValues} onFinish={onGenerate}>
        <Card size="small" title="智能组卷规则">
          <AutoRulesFields head={<PaperNameFields bankOptions={bankOptions} maxLength={190} />} />

          <div className="kp-random__actions">
            <Button type="primary" htmlType="submit" loading={generate.isPending}>
              生成试卷
            </Button>
          </div>
        </Card>
      </Form>

      {generate.isError ? (
        <Alert type="error" showIcon title="生成失败" description={serverMessage(generate.error)} />
      ) : null}
      {result ? (
        <AutoResult
          result={result}
          nameOf={nameOf}
          saving={create.isPending}
          onSave={() => create.mutate({ rules: result.rules, values: form.getFieldsValue(true) as AutoForm })}
        />
      ) : null}
    </div>
  );
}
