"use client";

import { useId } from "react";
import { PlatformIcon } from "@/components/social/platform-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { allPageIds, type PageOptionGroup } from "./page-options";

interface PagePickerPanelProps {
  title: string;
  description: string;
  groups: readonly PageOptionGroup[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
}

/** 'Post As' / 'Share As': pages grouped by platform, each a checkbox named by the page. */
export function PagePickerPanel({ title, description, groups, selected, onChange }: PagePickerPanelProps) {
  const headingId = useId();
  const ids = allPageIds(groups);

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...selected.filter((value) => value !== id), id] : selected.filter((value) => value !== id));
  }

  return (
    <Card role="region" aria-labelledby={headingId} className="gap-4 py-5">
      <CardHeader className="px-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">
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
      <CardContent className="grid gap-4 px-5">
        {groups.map((group) => (
          <fieldset key={group.key} className="grid min-w-0 gap-2">
            <legend className="mb-2 flex items-center gap-2 text-sm font-medium">
              {group.platform && <PlatformIcon platform={group.platform} className="size-6 rounded-md" />}
              {group.label}
            </legend>
            {group.pages.map((page) => {
              const checkboxId = `${headingId}-${page.id}`;
              return (
                <div key={page.id} className="flex min-w-0 items-center gap-2">
                  <Checkbox
                    id={checkboxId}
                    checked={selected.includes(page.id)}
                    onCheckedChange={(checked) => toggle(page.id, checked === true)}
                  />
                  <Label
                    htmlFor={checkboxId}
                    className="block min-w-0 cursor-pointer truncate font-normal"
                    title={page.name}
                  >
                    {page.name}
                  </Label>
                  {!page.connected ? (
                    <Badge variant="outline" className="shrink-0">
                      Not connected
                    </Badge>
                  ) : (
                    !page.hasValidToken && (
                      <Badge variant="destructive" className="shrink-0">
                        Token expired
                      </Badge>
                    )
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
        <p className="text-muted-foreground text-xs" aria-live="polite">
          {selected.length} of {ids.length} selected
        </p>
      </CardContent>
    </Card>
  );
}
