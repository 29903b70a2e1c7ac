/**
 * The page to show after rows were deleted (spec §4): when the current page became empty and it is
 * not the first page, step back one page; otherwise stay.
 */
export function pageAfterDelete(currentPage: number, rowsLeftOnPage: number): number {
  return rowsLeftOnPage <= 0 && currentPage > 1 ? currentPage - 1 : currentPage;
}
