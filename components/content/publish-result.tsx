import { toast } from "@/lib/client/toast";
import type { PostDto } from "@/lib/posts/schemas";

/**
 * The server's verdict on a Publish Now, as a toast: published, failed (each page's reason, as the
 * server words it), or still going out. The editor and the Content Creator both say it this way.
 */
export function announcePublishResult(post: PostDto) {
  if (post.status === "published") {
    toast.success("Post published successfully!");
    return;
  }
  if (post.status === "failed") {
    const reasons = [
      ...new Set(
        post.pages
          .filter((page) => page.status === "failed")
          .map((page) => page.error?.message)
          .filter((message): message is string => Boolean(message)),
      ),
    ];
    if (reasons.length === 0) reasons.push(post.failureReason ?? "The platforms did not accept the post.");
    toast.error("Failed to publish post", {
      description: (
        <ul className="grid gap-1">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ),
    });
    return;
  }
  toast.info("Publishing started", { description: "Your post is going out now; check your posts in a moment." });
}
