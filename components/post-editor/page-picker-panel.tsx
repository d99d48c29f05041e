"use client";

import { AlertTriangle, Search } from "lucide-react";
import { useId, useState } from "react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { PageAvatar } from "@/components/social/page-avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ChipCheckbox } from "@/components/ui/chip-checkbox";
import { Input } from "@/components/ui/input";
import { allPageIds, filterPageOptions, needsPageSearch, type PageOption, type PageOptionGroup } from "./page-options";

interface PagePickerPanelProps {
  title: string;
  description: string;
  groups: readonly PageOptionGroup[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}

/**
 * 'Post As' / 'Share As': pages as a row of avatar chips per network, each a checkbox named by the
 * page; a search box when a network has many pages.
 */
export function PagePickerPanel({ title, description, groups, selected, onChange }: PagePickerPanelProps) {
  const headingId = useId();
  const [query, setQuery] = useState("");
  const ids = allPageIds(groups);
  const searchable = needsPageSearch(groups);
  const shown = searchable ? filterPageOptions(groups, query, selected) : groups;

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...selected.filter((value) => value !== id), id] : selected.filter((value) => value !== id));
  }

  return (
    <Card role="region" aria-labelledby={headingId} className="gap-3 py-4">
      <CardHeader className="gap-1 px-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base/6">
            <h2 id={headingId}>{title}</h2>
          </CardTitle>
          <div className="flex gap-1">
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange(ids)}>
              Select All
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => onChange([])}>
              Clear
            </Button>
          </div>
        </div>
        <p className="text-muted-foreground text-sm">{description}</p>
      </CardHeader>
      <CardContent className="grid gap-3 px-4">
        {searchable && (
          <div className="relative">
            <Search
              className="text-muted-foreground pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2"
              aria-hidden
            />
            <Input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search pages"
              aria-label={`Search pages to ${title.toLowerCase()}`}
              className="h-8 pl-8"
            />
          </div>
        )}
        {shown.map((group) => (
          <fieldset key={group.key} className="grid min-w-0 gap-2">
            <legend className="mb-1.5 flex items-center gap-2 text-xs font-medium">
              {group.platform && (
                <PlatformIcon platform={group.platform} className="size-5 rounded-md [&_svg]:size-3" />
              )}
              {group.label}
            </legend>
            <div className="flex min-w-0 flex-wrap gap-1.5">
              {group.pages.map((page) => (
                <PageChip
                  key={page.id}
                  page={page}
                  checked={selected.includes(page.id)}
                  onCheckedChange={(checked) => toggle(page.id, checked)}
                />
              ))}
            </div>
          </fieldset>
        ))}
        {shown.length === 0 && (
          <p className="text-muted-foreground text-sm" role="status">
            No pages match “{query.trim()}”.
          </p>
        )}
        <p className="text-muted-foreground text-xs" aria-live="polite">
          {selected.length} of {ids.length} selected
        </p>
      </CardContent>
    </Card>
  );
}

function PageChip({
  page,
  checked,
  onCheckedChange,
}: {
  page: PageOption;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const noteId = useId();
  const problem = !page.connected ? "Not connected" : !page.hasValidToken ? "Token expired" : null;
  return (
    <>
      <ChipCheckbox
        checked={checked}
        onCheckedChange={(value) => onCheckedChange(value === true)}
        title={problem ? `${page.name} (${problem})` : page.name}
        aria-describedby={problem ? noteId : undefined}
        className={problem ? "border-dashed" : undefined}
      >
        <span aria-hidden="true" className="contents">
          <PageAvatar name={page.name} src={page.picture} size="xs" shape="circle" />
        </span>
        <span className="max-w-[11rem] truncate">{page.name}</span>
        {problem && <AlertTriangle className="text-destructive size-3.5 shrink-0" aria-hidden />}
      </ChipCheckbox>
      {/* Outside the chip, so the chip's name stays the page's name. */}
      {problem && (
        <span id={noteId} className="sr-only">
          {problem}
        </span>
      )}
    </>
  );
}
