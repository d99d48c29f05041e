import type { ComponentProps } from "react";
import { cva, type VariantProps } from "class-variance-authority";
import { Slot } from "radix-ui";
import { cn } from "@/lib/utils";

const filledFocus =
  "focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

const buttonVariants = cva(
  "inline-flex shrink-0 items-center base:justify-center base:rounded-md base:text-sm font-medium whitespace-nowrap base:transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] base:focus-visible:ring-ring/60 disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        // Filled buttons: the ring is the fill's own hue in every theme (lib/themes.ts), so a glow
        // on them hardly shows. A solid outline 2px off the edge, with the page between, does.
        default: `bg-primary text-primary-foreground base:shadow-xs hover:bg-primary/90 ${filledFocus}`,
        destructive: `bg-destructive text-destructive-foreground base:shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/40 ${filledFocus}`,
        outline:
          "border border-input bg-background base:shadow-xs base:hover:bg-accent base:hover:text-accent-foreground dark:bg-input/30 dark:hover:bg-input/50",
        secondary: "bg-secondary text-secondary-foreground base:shadow-xs hover:bg-secondary/80",
        ghost: "base:hover:bg-accent base:hover:text-accent-foreground dark:hover:bg-accent/60",
        link: "text-primary underline-offset-4 hover:underline",
      },
      size: {
        default: "base:h-9 base:gap-2 base:px-4 base:py-2 has-[>svg]:px-3",
        sm: "base:h-8 base:gap-1.5 base:px-3 has-[>svg]:px-2.5",
        lg: "base:h-10 base:gap-2 base:px-6 has-[>svg]:px-4",
        icon: "base:size-9 base:gap-2",
        "icon-sm": "base:size-8 base:gap-2",
        "icon-lg": "base:size-10 base:gap-2",
      },
    },
    defaultVariants: {
      variant: "default",
      size: "default",
    },
  },
);

type ButtonProps = ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a Next.js Link) with the button's styles. */
    asChild?: boolean;
  };

function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-slot="button"
      data-variant={variant ?? "default"}
      data-size={size ?? "default"}
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  );
}

export { Button, buttonVariants, type ButtonProps };
