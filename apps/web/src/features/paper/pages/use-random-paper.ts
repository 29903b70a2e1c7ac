import { useEffect } from 'react';
import { App, Form } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { bankKeys, fetchSimpleBanks } from '../../question-bank/api';
import { fetchQuestionTags, questionKeys } from '../../question/api';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';
import { paperKeys, saveRandomPaper, type PaperDetail } from '../api';
import { formOf, toRandomInput, type RandomForm } from '../random-paper-form';

/** The random paper's form: filled from the loaded paper, saved (and opened) on submit. */
export function useRandomPaper(paperId: number | undefined, initial: PaperDetail | undefined) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RandomForm>();
  const options = useRandomPaperOptions();

  useEffect(() => {
    if (initial) form.setFieldsValue(formOf(initial));
  }, [initial, form]);

  const save = useMutation({
    mutationFn: (values: RandomForm) => saveRandomPaper(toRandomInput(values), paperId),
    onSuccess: (paper) => {
      message.success(`随机试卷「${paper.name}」已保存`);
      void queryClient.invalidateQueries({ queryKey: paperKeys.all });
      void navigate(`/manage/paper/detail?paperId=${paper.paperId}`);
    },
  });

  return { form, save, options, navigate };
}

export type RandomPaperOptions = ReturnType<typeof useRandomPaperOptions>;

/** Choices of the form: question banks and tags for the rules, paper banks (by category) for the paper. */
function useRandomPaperOptions() {
  const banks = useQuery({ queryKey: bankKeys.simple, queryFn: fetchSimpleBanks });
  const tags = useQuery({ queryKey: questionKeys.tags, queryFn: fetchQuestionTags });
  const paperBanks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });

  const bankOptions = (banks.data ?? []).map((bank) => ({
    label: bank.isPublic ? `${bank.name}（公开）` : bank.name,
    value: bank.bankId,
  }));
  const tagOptions = (tags.data ?? []).map((tag) => ({
    label: tag.name,
    value: tag.tagId,
  }));
  const paperBankOptions = (paperBanks.data ?? [])
    .filter((group) => group.paperBanks.length > 0)
    .map((group) => ({
      label: group.categoryName,
      title: group.categoryName,
      options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
    }));
  return { bankOptions, tagOptions, paperBankOptions };
}
