"use client";

import { RefreshCw } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import type { PostSort, PostStatusFilter } from "@/lib/posts/query-keys";
import { cn } from "@/lib/utils";
import { isPostSort, isStatusFilter, sortOptions, statusFilterOptions } from "./post-display";

interface PostListControlsProps {
  status: PostStatusFilter;
  onStatusChange: (status: PostStatusFilter) => void;
  sort: PostSort;
  onSortChange: (sort: PostSort) => void;
  onRefresh: () => void;
  refreshing: boolean;
}

/** Filter by Status, Sort by, Refresh. Native selects: keyboard, screen readers and mobile pickers for free. */
export function PostListControls({
  status,
  onStatusChange,
  sort,
  onSortChange,
  onRefresh,
  refreshing,
}: PostListControlsProps) {
  const statusId = useId();
  const sortId = useId();
  return (
    <div className="flex flex-wrap items-end gap-4">
      <NativeSelect
        className="w-44"
        id={statusId}
        label="Filter by Status"
        value={status}
        options={statusFilterOptions}
        onChange={(value) => isStatusFilter(value) && onStatusChange(value)}
      />
      <NativeSelect
        className="w-44"
        id={sortId}
        label="Sort by"
        value={sort}
        options={sortOptions}
        onChange={(value) => isPostSort(value) && onSortChange(value)}
      />
      <Button type="button" variant="outline" onClick={onRefresh} aria-busy={refreshing || undefined}>
        <RefreshCw className={cn(refreshing && "animate-spin")} aria-hidden />
        Refresh
      </Button>
    </div>
  );
}
