"use client";

import { ChevronDown, RefreshCw } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { PostSort, PostStatusFilter } from "@/lib/hooks/content-list";
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
      <LabelledSelect
        id={statusId}
        label="Filter by Status"
        value={status}
        options={statusFilterOptions}
        onChange={(value) => isStatusFilter(value) && onStatusChange(value)}
      />
      <LabelledSelect
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

function LabelledSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={cn(
            "border-input bg-background dark:bg-input/30 [&>option]:bg-popover [&>option]:text-popover-foreground h-9 w-44 appearance-none rounded-md border py-1 pr-9 pl-3 text-sm shadow-xs outline-none",
            "focus-visible:border-ring focus-visible:ring-ring/60 focus-visible:ring-[3px]",
          )}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          className="text-muted-foreground pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2"
          aria-hidden="true"
        />
      </div>
    </div>
  );
}
