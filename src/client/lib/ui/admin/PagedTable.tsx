import type { ReactNode } from 'react';
import { type Column, DataTable } from '../DataTable';
import { ListStatus, LoadMore } from '../ListStatus';

/** What a paged list screen reads of its infinite query (react-query's useInfiniteQuery result). */
export interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * A list read a page at a time: loading and failure (ListStatus, with Try again), then the rows and "Load more".
 * `keepRowsOnError`: a failure after rows were read shows above them instead of replacing them.
 */
export function PagedList({
  list,
  keepRowsOnError = false,
  children,
}: {
  list: PagedQuery;
  keepRowsOnError?: boolean;
  children: ReactNode;
}) {
  const status = <ListStatus isPending={list.isPending} error={list.error} onRetry={() => list.refetch()} />;
  if (list.isPending || (list.isError && !(keepRowsOnError && list.data))) return status;
  return (
    <>
      {list.isError && status}
      {children}
      <LoadMore hasMore={list.hasNextPage} loading={list.isFetchingNextPage} onLoad={() => void list.fetchNextPage()} />
    </>
  );
}

/** A paged list shown as a DataTable (a table on a laptop, cards on a phone). */
export function PagedTable<T>({
  list,
  keepRowsOnError,
  ...table
}: {
  list: PagedQuery;
  keepRowsOnError?: boolean;
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey(row: T): string | number;
  empty: string;
}) {
  return (
    <PagedList list={list} keepRowsOnError={keepRowsOnError}>
      <DataTable {...table} />
    </PagedList>
  );
}
