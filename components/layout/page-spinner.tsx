import { Spinner } from "@/components/ui/spinner";

export function PageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="size-8" aria-label={label} />
    </div>
  );
}
