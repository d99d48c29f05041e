import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import { cn } from "@/lib/utils";

const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center justify-center base:gap-1 overflow-hidden base:rounded-md border base:px-2 base:py-0.5 base:font-medium whitespace-nowrap transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&>svg]:pointer-events-none [&>svg]:size-3",
  {
    variants: {
      variant: {
        default: "base:border-transparent base:bg-primary base:text-primary-foreground [a&]:hover:bg-primary/90",
        secondary:
          "base:border-transparent base:bg-secondary base:text-secondary-foreground [a&]:hover:bg-secondary/90",
        destructive:
          "base:border-transparent base:bg-destructive base:text-destructive-foreground [a&]:hover:bg-destructive/90",
        success: "base:border-transparent base:bg-success base:text-success-foreground [a&]:hover:bg-success/90",
        warning: "base:border-transparent base:bg-warning base:text-warning-foreground [a&]:hover:bg-warning/90",
        outline: "base:text-foreground [a&]:hover:bg-accent [a&]:hover:text-accent-foreground",
      },
      // The small sizes set the font size alone: the line height stays the surrounding text's.
      size: {
        default: "base:text-xs",
        sm: "text-[0.7rem]",
        xs: "text-[0.65rem]",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  },
);

function Badge({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: ComponentProps<"span"> & VariantProps<typeof badgeVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : "span";
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? "default"}
      className={cn(badgeVariants({ variant, size }), className)}
      {...props}
    />
  );
}

export { Badge, badgeVariants };
