import { Progress } from "@/components/ui/progress";

/** The bar shown while files upload; `value` is 0-100. */
export function UploadProgress({ value }: { value: number }) {
  return (
    <div className="grid gap-1.5" role="status">
      <div className="text-muted-foreground flex justify-between text-xs">
        <span>Uploading...</span>
        <span className="tabular-nums">{value}%</span>
      </div>
      <Progress value={value} aria-label="Upload progress" />
    </div>
  );
}
