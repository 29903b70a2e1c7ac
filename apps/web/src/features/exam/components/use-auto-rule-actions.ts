import { useEffect, useState } from 'react';
import { App, type FormInstance } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toAutoRules } from '../../../components/auto-rules-fields';
import {
  addAutoRule,
  autoKeys,
  checkAutoGeneration,
  modifyAutoRule,
  type AutoRuleRow,
  type GenerationCheck,
} from '../auto-api';
import { valuesToRuleInput, type AutoRuleFormValues } from '../auto-rules';

/** The fields the generation check validates (the paper generation rules, nested fields included). */
const GENERATION_FIELDS = [
  'bankIds',
  'typeRules',
  'difficultyMode',
  'target',
  'tolerance',
  'SIMPLE',
  'MEDIUM',
  'HARD',
  'knowledgeRules',
  'totalScore',
  'tagIds',
  'excludeUsedWithinDays',
  'variants',
  'maxOverlap',
];

/**
 * The rule drawer's two actions: checking that the banks can generate the papers (the last result is
 * kept in `check`, cleared on each opening) and saving the rule, which reports and closes the drawer.
 */
export function useAutoRuleActions({
  form,
  open,
  rule,
  onClose,
}: {
  form: FormInstance<AutoRuleFormValues>;
  open: boolean;
  rule: AutoRuleRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [check, setCheck] = useState<GenerationCheck | null>(null);
  useEffect(() => {
    if (open) setCheck(null);
  }, [open, rule]);

  const checking = useMutation({
    mutationFn: (values: AutoRuleFormValues) => checkAutoGeneration(toAutoRules(values)),
    onSuccess: setCheck,
    onError: () => setCheck(null),
  });
  const save = useMutation({
    mutationFn: (values: AutoRuleFormValues) => {
      const input = valuesToRuleInput(values);
      return rule ? modifyAutoRule(rule.ruleId, input) : addAutoRule(input);
    },
    onSuccess: (saved) => {
      message.success(rule ? `已保存规则「${saved.name}」` : `已创建规则「${saved.name}」`);
      void queryClient.invalidateQueries({ queryKey: autoKeys.all });
      onClose();
    },
  });

  const onCheck = async () => {
    try {
      await form.validateFields(GENERATION_FIELDS, { recursive: true });
    } catch {
      return;
    }
    checking.mutate(form.getFieldsValue(true) as AutoRuleFormValues);
  };

  return { check, checking, save, onCheck };
}
