import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecruitStage } from '@kaopei/shared';
import { moveApplications, recruitKeys, type Board } from '../api';
import { boardAfterMove, stageLabel } from '../recruitment-rules';

/** Moves applications to a stage: the board (when `jobId`) changes at once and is read again after. */
export function useMoveApplications(jobId: number | null, after?: () => void) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ ids, to }: { ids: number[]; to: RecruitStage }) =>
      moveApplications({ applicationIds: ids, stage: to }),
    onMutate: ({ ids, to }) => {
      if (jobId === null) return;
      queryClient.setQueryData<Board>(recruitKeys.board(jobId), (board) =>
        board ? boardAfterMove(board, ids, to) : board,
      );
    },
    onSuccess: (result, { to }) => {
      const tests = result.testsSent ? `，已发送 ${result.testsSent} 份笔试邀请` : '';
      message.success(`已将 ${result.count} 人移到「${stageLabel(to)}」${tests}`);
      after?.();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recruitKeys.all }),
  });
  return (ids: number[], to: RecruitStage) => mutation.mutate({ ids, to });
}
