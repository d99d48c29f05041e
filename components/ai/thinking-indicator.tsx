/** Shown in the assistant's bubble until the first token of its answer arrives. */
export function ThinkingIndicator() {
  return (
    <span className="text-muted-foreground inline-flex items-center gap-2">
      <span className="inline-flex gap-1" aria-hidden>
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
        <span className="size-1.5 animate-bounce rounded-full bg-current" />
      </span>
      <span>Thinking...</span>
    </span>
  );
}
