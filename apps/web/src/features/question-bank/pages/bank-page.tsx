import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { BankRow } from '../api';
import { BankFilters, BankGrid } from '../components/bank-page-parts';
import { BankFormModal } from '../components/bank-form-modal';
import { MoveAndDeleteModal } from '../components/move-and-delete-modal';
import { useBankActions } from '../components/use-bank-actions';
import { useBankList } from '../components/use-bank-list';
import '../question-bank.css';

/**
 * The question banks with the spec's 我的题库 / 公开题库 toggle. With `fixedCategory` (测评题库) it shows
 * and creates only banks of that category.
 */
export function BankPage({ fixedCategory }: { fixedCategory?: string }): ReactNode {
  const navigate = useNavigate();
  const list = useBankList(fixedCategory);
  const { page, setPage, refresh } = list;
  const shownCount = list.banks.data?.data.length ?? 0;
  const { editing, setEditing, copyingId, moving, setMoving, save, remove, copy } = useBankActions({
    page,
    setPage,
    shownCount,
    refresh,
  });

  const openBank = (bank: BankRow) => {
    const target = fixedCategory === undefined ? '/manage/question/list' : '/manage/evaluate/question/list';
    void navigate(
      bank.isPublic
        ? `/manage/question/list?scope=public&bankId=${bank.bankId}`
        : `${target}?bankId=${bank.bankId}`,
    );
  };

  return (
    <div className="kp-page kp-bank-page">
      <div className="kp-bank-page__body">
        <BankFilters list={list} fixedCategory={fixedCategory} onCreate={() => setEditing('new')} />
        <BankGrid
          list={list}
          copyingId={copyingId}
          onCreate={() => setEditing('new')}
          onOpen={openBank}
          onEdit={setEditing}
          onDelete={(target) => remove.mutate({ bank: target })}
          onCopy={(target) => copy.mutate(target)}
        />
      </div>
      <MoveAndDeleteModal
        bank={moving}
        deleting={remove.isPending}
        onSubmit={(moveTo) => {
          if (moving) remove.mutate({ bank: moving, moveTo });
        }}
        onCancel={() => setMoving(null)}
      />
      <BankFormModal
        open={editing !== null}
        bank={editing === 'new' ? null : editing}
        saving={save.isPending}
        categories={list.categories.data ?? []}
        tags={list.tags.data ?? []}
        fixedCategory={fixedCategory}
        onSubmit={(input) => save.mutate(input)}
        onCancel={() => setEditing(null)}
      />
    </div>
  );
}
