import { describe, expect, it } from "vitest";
import { savedMessage } from "@/components/post-editor/saved-message";
import type { PostDto } from "@/lib/posts/schemas";

const post = (extra: Partial<PostDto>) =>
  ({ status: "draft", approvalState: null, scheduledAt: null, ...extra }) as PostDto;

describe("what saving an existing post says", () => {
  it("a draft is updated", () => {
    expect(savedMessage(post({}), post({}))).toBe("Draft updated");
  });

  it("a scheduled post's changes are saved, and it says when it still goes out, the zone named", () => {
    const scheduled = post({ status: "scheduled", scheduledAt: "2027-03-12T09:00:00.000Z" });
    expect(savedMessage(scheduled, scheduled)).toMatch(
      /^Changes saved\. It goes out .*2027.* (UTC|GMT[+-]?[0-9:]*|[A-Z]{2,5})\.$/,
    );
  });

  it("an approved post sent back to review says so", () => {
    const approved = post({ status: "scheduled", approvalState: "approved", scheduledAt: "2027-03-12T09:00:00Z" });
    expect(savedMessage(approved, { ...approved, approvalState: "in_review" })).toBe(
      "Changes saved. The post is back in review: it goes out only once approved again.",
    );
  });
});
