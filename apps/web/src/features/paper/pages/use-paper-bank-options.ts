import { useQuery } from '@tanstack/react-query';
import { fetchBanksByCategory, paperBankKeys } from '../../paper-bank/api';

/** The paper banks grouped by category, as options of a Select (empty categories left out). */
export function usePaperBankOptions() {
  const banks = useQuery({ queryKey: paperBankKeys.grouped, queryFn: fetchBanksByCategory });
  return (banks.data ?? [])
    .filter((group) => group.paperBanks.length > 0)
    .map((group) => ({
      label: group.categoryName,
      title: group.categoryName,
      options: group.paperBanks.map((bank) => ({ label: bank.name, value: bank.paperBankId })),
    }));
}
